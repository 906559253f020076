/** Real Chromium (the system's /usr/bin/chromium) driven by playwright-core. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

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
  // Mantine's AppShell animates its padding: let the layout settle first.
  await page.waitForTimeout(400);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** A fresh browser profile; French unless a test asks otherwise. */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 }, ...options });
}
