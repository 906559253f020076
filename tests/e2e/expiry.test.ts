/**
 * Session expiry (spec 000 §4) on the shared gateway's default settings (sessions end after 30
 * minutes without a call, the warning opens with 20 minutes left: schemas/env.ts), with the
 * browser's time moved forward by Playwright's clock instead of waited for: the warning with its
 * countdown (in minutes, then in seconds in the last minute), Extend, two tabs sharing the expiry,
 * and the expired dialog with Reconnect. The dialog is the client's reading of the
 * X-Session-Expires-In it last received; the server's own expiry is tested in
 * tests/api/session-expiry.test.ts on a clock the test moves. (A 401 while logged in: session-401.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const countdown = async (page: Page) => Number((await page.getByTestId('expiry-countdown').textContent())!.match(/\d+/)![0]);
const WARNING = 'Votre session va expirer';

/**
 * Ten minutes and a half without a call: 19.5 of the 30 minutes left, below the 20 of the warning.
 * Waits first for the page's calls to have ended (the last one's X-Session-Expires-In set the expiry).
 */
async function idleUntilWarning(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.clock.fastForward('10:30');
}

describe('session expiry', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it('warns with a countdown, Extend keeps the session, then it expires and offers Reconnect', async () => {
    const page = await loggedInPage(browser, base, 'patient.open', { lang: 'fr', clock: true });
    await expectScreen(page, '/p/0');
    await idleUntilWarning(page);
    await dialog(page).getByText(WARNING).waitFor({ timeout: 15_000 });
    // More than a minute left: the countdown reads in minutes.
    expect(await page.getByTestId('expiry-countdown').textContent()).toMatch(/^Votre session expire dans (19|20) minutes\.$/);
    // The first focus is on the safe action: Enter keeps the session, it does not log out.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Prolonger');

    // 19 minutes and 6 seconds later, at most 24 seconds are left: the last minute reads in seconds.
    await page.clock.fastForward('19:06');
    await page.getByTestId('expiry-countdown').filter({ hasText: /secondes?\.$/ }).waitFor();
    const first = await countdown(page);
    expect(first).toBeLessThanOrEqual(24);
    // The countdown goes down by itself (the clock still runs: wait for its text to change, not for a fixed time).
    await page.getByTestId('expiry-countdown').filter({ hasNotText: new RegExp(`\\b${first}\\b`) }).waitFor();
    expect(await countdown(page)).toBeLessThan(first);
    expect(await page.getByTestId('expiry-countdown').textContent()).toMatch(/^Votre session expire dans \d+ secondes?\.$/);
    await screenshot(page, 'expiry-warning');

    const extended = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me' && r.request().method() === 'GET');
    await dialog(page).getByRole('button', { name: 'Prolonger' }).click();
    expect(Number((await extended).headers()['x-session-expires-in'])).toBeGreaterThan(24);
    await dialog(page).waitFor({ state: 'hidden' });

    // Thirty minutes without a call after Extend: the session is over.
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward('30:01');
    await dialog(page).getByText('Session expirée').waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Se reconnecter');
    await screenshot(page, 'expiry-expired');
    await dialog(page).getByRole('button', { name: 'Se reconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('targetUrl') === '/p/0');
    await page.context().close();
  });

  it('two tabs share the expiry: extending in one closes the warning in the other', async () => {
    const first = await loggedInPage(browser, base, 'prescriber', { lang: 'fr', clock: true });
    await expectScreen(first, '/s/0');
    const second = await first.context().newPage();
    await second.goto(`${base}/s/0/alerts`);
    await expectScreen(second, '/s/0/alerts', 'Alertes');
    // One clock for the whole browser profile: both tabs reach the warning together.
    await first.waitForLoadState('networkidle');
    await idleUntilWarning(second);
    await dialog(first).getByText(WARNING).waitFor({ timeout: 15_000 });
    await dialog(second).getByText(WARNING).waitFor({ timeout: 15_000 });
    await second.getByRole('dialog').getByRole('button', { name: 'Prolonger' }).click();
    await dialog(second).waitFor({ state: 'hidden' });
    // The first tab made no call: it learns the new expiry from the other tab.
    await dialog(first).waitFor({ state: 'hidden', timeout: 3000 });
    await first.context().close();
  });
});
