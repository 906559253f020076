/** Real Chromium (the system's /usr/bin/chromium) driven by playwright-core. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

/** Brand sub-domains of the e2e tests resolve to this machine. */
export const BRAND_DOMAIN = 'telesuivi.test';
const HOST_RULES = `--host-resolver-rules=MAP *.${BRAND_DOMAIN} 127.0.0.1`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_FLAGS, HOST_RULES], headless: true });
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../test-results/e2e');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await settled(page);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The page has stopped moving: fonts loaded and every finite animation or transition (a modal
 * opening, a colour change) finished. Endless ones (the loading bar) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.fonts.status === 'loaded' && document.getAnimations().every(
    (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
  ));
}

/** A fresh browser profile; French unless a test asks otherwise. */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 }, ...options });
}

/**
 * Warnings, errors and uncaught exceptions the application prints to the console from the
 * last visit to the login page on (before it, the first session check answers 401 by design,
 * and the login pages are the gateway's, not the client's). Read the array when the page is done.
 */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith('/auth/')) problems.length = 0;
  });
  const onApp = () => !new URL(page.url()).pathname.startsWith('/auth/');
  page.on('console', (message) => {
    if ((message.type() === 'warning' || message.type() === 'error') && onApp()) problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => { if (onApp()) problems.push(`pageerror: ${error.message}`); });
  return problems;
}

/**
 * The rows of the shared data table once loaded: while a page loads, its body is aria-busy and
 * holds skeleton rows with no text, which a count or a read of the cells would take for data.
 */
export function tableRows(scope: Page | Locator): Locator {
  return scope.locator('table tbody:not([aria-busy="true"]) tr');
}
