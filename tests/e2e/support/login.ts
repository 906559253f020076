/** Logs in through the real login page, the way a person does. */
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo-Telesuivi-2025';
export const demoEmail = (local: string) => `${local}@demo.telesuivi.test`;

/** Opens `path`, follows the redirect to the login page, logs in, and waits to be back in the app. */
export async function loginAs(page: Page, baseUrl: string, account: string, path = '/', password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(/\/auth\/login\?/);
  await page.fill('#email', demoEmail(account));
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}
