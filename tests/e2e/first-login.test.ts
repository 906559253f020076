/**
 * Issue 10 §1, in Chromium: a patient whose account holds a temporary password (as a professional
 * creates it) logs in, is asked to choose a password of their own (French, then Arabic right to
 * left), sees the rules on their fields, chooses one, and lands in the patient area; the
 * temporary password no longer works. The gateway here runs in this process (port 4102, slice
 * B's) on its own database with the demo data, so that the test can issue the temporary password
 * through the database as the patient-creation route does.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { users } from '../../server/db/schema.ts';
import { issueTemporaryPassword } from '../../server/shared/temporary-password.ts';
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import { startGateway, type TestGateway } from '../helpers/app.ts';
import { launchChromium, newContext, screenshot } from './support/browser.ts';
import { CLIENT_DIST, ensureClientBuilt } from './support/build-client.ts';
import { demoEmail } from './support/login.ts';

const PORT = 4102;
const base = `http://127.0.0.1:${PORT}`;
const LOCALES = { fr, ar } as const;

describe('first login with a temporary password', () => {
  let gw: TestGateway;
  let browser: Browser;
  beforeAll(async () => {
    ensureClientBuilt();
    gw = await startGateway({ CLIENT_DIST, PUBLIC_URL: base });
    await gw.app.listen({ port: PORT, host: '127.0.0.1' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  });

  /** What a professional's "create patient" does to the account: a temporary password to change. */
  async function issueTo(account: string): Promise<{ email: string; password: string }> {
    const email = demoEmail(account);
    const { password, stored } = await issueTemporaryPassword();
    await gw.app.db.update(users).set(stored).where(eq(users.email, email));
    return { email, password };
  }

  const text = (page: Page, selector: string) => page.locator(selector).innerText();

  it.each([
    ['fr', 'patient.open', 'ltr'],
    ['ar', 'patient.closed', 'rtl'],
  ] as const)('in %s: the patient chooses a password, then lands in the patient area', async (l, account, dir) => {
    const m = LOCALES[l];
    const { email, password } = await issueTo(account);
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${base}/auth/login?l=${l}`);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('button[type=submit]');

    // Not a session: the choose-your-password page, in the login's language.
    await page.waitForURL((url) => url.pathname === '/auth/first-login');
    await page.getByRole('heading', { level: 1, name: m.firstLogin.heading }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([l, dir]);
    expect(await page.inputValue('#account')).toBe(email);
    expect((await page.request.get(`${base}/api/me`)).status()).toBe(401);
    await screenshot(page, `first-login-${l}`);

    // Too short: said beside the field by the browser check, nothing sent.
    await page.fill('#newPassword', 'court');
    await page.fill('#confirmation', 'court');
    await page.click('button[type=submit]');
    await page.locator('#newPassword-error').waitFor({ state: 'visible' });
    expect(await text(page, '#newPassword-error')).toBe(m.errors.password_too_short.replace('{{label}}', m.firstLogin.newPassword).replace('{{min}}', '12'));

    // A confirmation that differs, and the temporary password itself: the gateway's messages on their fields.
    await page.fill('#newPassword', 'Mon-Choix-Secret-2026');
    await page.fill('#confirmation', 'Mon-Choix-Secret-2027');
    await page.click('button[type=submit]');
    await page.locator('#confirmation-error').waitFor({ state: 'visible' });
    expect(await text(page, '#confirmation-error')).toBe(m.errors.password_confirmation_mismatch);
    expect(await page.locator('#newPassword-error').isVisible()).toBe(false);
    await screenshot(page, `first-login-mismatch-${l}`);
    await page.fill('#newPassword', password);
    await page.fill('#confirmation', password);
    await page.click('button[type=submit]');
    await page.locator('#newPassword-error').waitFor({ state: 'visible' });
    expect(await text(page, '#newPassword-error')).toBe(m.errors.password_same_as_temporary.replace('{{label}}', m.firstLogin.newPassword));

    // The chosen password: into the patient area.
    await page.fill('#newPassword', 'Mon-Choix-Secret-2026');
    await page.fill('#confirmation', 'Mon-Choix-Secret-2026');
    await page.click('button[type=submit]');
    await page.waitForURL((url) => url.pathname.startsWith('/p/'), { timeout: 15_000 });
    await page.locator('main').first().waitFor();
    expect((await page.request.get(`${base}/api/me`)).status()).toBe(200);
    await screenshot(page, `first-login-done-${l}`);

    const [row] = await gw.app.db.select({ mustChange: users.mustChangePassword }).from(users).where(eq(users.email, email));
    expect(row!.mustChange).toBe(false);
    await page.context().close();

    // The temporary password is over; the chosen one works.
    const again = await (await newContext(browser)).newPage();
    await again.goto(`${base}/auth/login?l=${l}`);
    await again.fill('#email', email);
    await again.fill('#password', password);
    await again.click('button[type=submit]');
    await again.locator('#error').waitFor({ state: 'visible' });
    expect(await text(again, '#error')).toBe(m.errors.invalid_credentials);
    await again.fill('#password', 'Mon-Choix-Secret-2026');
    await again.click('button[type=submit]');
    await again.waitForURL((url) => url.pathname.startsWith('/p/'), { timeout: 15_000 });
    await again.context().close();
  });
});
