/**
 * Session expiry (spec 000 §4) against a gateway whose sessions last 30 s idle, with the
 * warning below 24 s: the warning with its countdown, Extend, two tabs sharing the expiry,
 * and the expired dialog with Reconnect. (A 401 while logged in: session-401.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const countdown = async (page: Page) => Number((await page.getByTestId('expiry-countdown').textContent())!.match(/\d+/)![0]);

describe('session expiry', () => {
  const base = inject('shortSessionGatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it('warns with a countdown, Extend keeps the session, then it expires and offers Reconnect', async () => {
    const page = await loggedInPage(browser, base, 'patient.open', { lang: 'fr' });
    await expectScreen(page, '/p/0');
    await dialog(page).getByText('Votre session va expirer').waitFor({ timeout: 15_000 });
    const first = await countdown(page);
    expect(first).toBeLessThanOrEqual(24);
    // The first focus is on the safe action: Enter keeps the session, it does not log out.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Prolonger');
    // The countdown goes down by itself (wait for its text to change, not for a fixed time).
    await page.getByTestId('expiry-countdown').filter({ hasNotText: new RegExp(`\\b${first}\\b`) }).waitFor();
    expect(await countdown(page)).toBeLessThan(first);
    expect(await page.getByTestId('expiry-countdown').textContent()).toMatch(/^Votre session expire dans \d+ secondes?\.$/);
    await screenshot(page, 'expiry-warning');

    const extended = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me' && r.request().method() === 'GET');
    await dialog(page).getByRole('button', { name: 'Prolonger' }).click();
    expect(Number((await extended).headers()['x-session-expires-in'])).toBeGreaterThan(24);
    await dialog(page).waitFor({ state: 'hidden' });

    await dialog(page).getByText('Session expirée').waitFor({ timeout: 45_000 });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Se reconnecter');
    await screenshot(page, 'expiry-expired');
    await dialog(page).getByRole('button', { name: 'Se reconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('targetUrl') === '/p/0');
    await page.context().close();
  });

  it('two tabs share the expiry: extending in one closes the warning in the other', async () => {
    const first = await loggedInPage(browser, base, 'prescriber', { lang: 'fr' });
    await expectScreen(first, '/s/0');
    const second = await first.context().newPage();
    await second.goto(`${base}/s/0/alerts`);
    await expectScreen(second, '/s/0/alerts', 'Alertes');
    await dialog(first).getByText('Votre session va expirer').waitFor({ timeout: 15_000 });
    await dialog(second).getByText('Votre session va expirer').waitFor({ timeout: 15_000 });
    await second.getByRole('dialog').getByRole('button', { name: 'Prolonger' }).click();
    await dialog(second).waitFor({ state: 'hidden' });
    // The first tab made no call: it learns the new expiry from the other tab.
    await dialog(first).waitFor({ state: 'hidden', timeout: 3000 });
    await first.context().close();
  });
});
