/** The client benches start where a patient does: the login redirect, then their home. */
import type { Page } from 'playwright-core';

export async function loginToPatientHome(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/p/0`);
  await page.waitForURL(/\/auth\/login\?/);
  await page.fill('#email', 'patient.open@demo.telesuivi.test');
  await page.fill('#password', 'Demo-Telesuivi-2025');
  await page.click('button[type=submit]');
  await page.waitForURL((url) => url.pathname === '/p/0');
}
