import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { newContext } from './browser.ts';
import { loginAs } from './login.ts';

/**
 * A fresh browser profile logged in as a demo account, optionally with a stored language.
 * `clock`: the profile's pages run on Playwright's clock (page.clock), installed before the first
 * page loads, so a test moves their time forward instead of waiting for it.
 */
export async function loggedInPage(browser: Browser, baseUrl: string, account: string, options: { path?: string; lang?: string; context?: BrowserContextOptions; clock?: boolean } = {}): Promise<Page> {
  const context = await newContext(browser, options.context);
  if (options.clock) await context.clock.install();
  // Only the first page of the profile starts with it: later choices are the user's.
  // The app's own page only: an init script runs in every frame too, and a sandboxed one (a framed
  // PDF, an embedded player) has no localStorage to read.
  if (options.lang) await context.addInitScript((lang) => { if (window.top === window && !localStorage.getItem('lang')) localStorage.setItem('lang', lang); }, options.lang);
  const page = await context.newPage();
  await loginAs(page, baseUrl, account, options.path);
  return page;
}

export const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** Waits for a path and for its screen's title. */
export async function expectScreen(page: Page, path: string, title?: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  if (title) await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
  else await page.locator('main').first().waitFor();
}

/** Mantine's primary colour in force, as #rrggbb. */
export async function primaryColour(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const [r, g, b] = getComputedStyle(probe).color.match(/\d+/g)!.map(Number);
    probe.remove();
    return `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
  });
}

/** The label of the navigation entry of the current screen. */
export async function activeNavLink(page: Page): Promise<string | null> {
  const link = page.getByRole('navigation').locator('a[aria-current="page"]');
  return (await link.count()) ? link.first().textContent() : null;
}
