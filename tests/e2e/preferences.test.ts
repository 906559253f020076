/**
 * Language (saved with HEAD /me?l=, right to left in Arabic), time zone (saved, page reloaded)
 * and display mode (remembered), from the user's menu.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser.ts';
import { activeNavLink, expectScreen, loggedInPage } from './support/session.ts';

describe('preferences from the user menu', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it('switching to Arabic lays the page out right to left and saves the language on the account', async () => {
    const page = await loggedInPage(browser, base, 'operator', { lang: 'fr' });
    await expectScreen(page, '/s/0');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    const saved = page.waitForResponse((r) => r.request().method() === 'HEAD' && new URL(r.url()).pathname === '/api/me');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    const response = await saved;
    expect(new URL(response.url()).searchParams.get('l')).toBe('ar');
    expect(response.status()).toBe(204);
    await expect.poll(() => activeNavLink(page)).toBe('الرئيسية');
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang, localStorage.getItem('lang')])).toEqual(['rtl', 'ar', 'ar']);
    // The navigation sits on the right in right-to-left.
    const nav = await page.getByRole('navigation').boundingBox();
    expect(nav!.x).toBeGreaterThan(640);
    await screenshot(page, 'professional-home-ar');

    await page.reload();
    await expect.poll(() => activeNavLink(page)).toBe('الرئيسية');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expect.poll(() => activeNavLink(page)).toBe('Accueil');
    await page.context().close();
  });

  it("without a stored choice, the account's saved language applies (patient.multi: Arabic)", async () => {
    const page = await loggedInPage(browser, base, 'patient.multi');
    await expectScreen(page, '/context-selector', 'اختيار مساحة عمل');
    expect(await page.evaluate(() => [document.documentElement.dir, localStorage.getItem('lang')])).toEqual(['rtl', 'ar']);
    await screenshot(page, 'context-selector-ar');
    await page.context().close();
  });

  it('choosing a time zone saves it and reloads the page', async () => {
    const page = await loggedInPage(browser, base, 'manager', { lang: 'fr' });
    await expectScreen(page, '/s/0');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Fuseau horaire' }).click();
    await page.getByRole('combobox', { name: 'Fuseau horaire de la session' }).fill('Pacific/Auckland');
    await page.getByRole('option', { name: 'Pacific/Auckland' }).click();
    await screenshot(page, 'time-zone-dialog');
    // The reloaded page asks GET /me as soon as its script runs, before the load event.
    const reloaded = page.waitForEvent('load');
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me' && r.request().method() === 'GET');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await reloaded;
    expect((await (await me).json()).selectedTimezone).toBe('Pacific/Auckland');
    await page.context().close();
  });

  it('the display mode is remembered', async () => {
    const page = await loggedInPage(browser, base, 'superadmin', { lang: 'fr' });
    await expectScreen(page, '/s/0');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sombre' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await page.reload();
    await expect.poll(() => activeNavLink(page)).toBe('Accueil');
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await screenshot(page, 'professional-home-dark');
    await page.context().close();
  });

  it('administrators get the dark admin theme', async () => {
    const page = await loggedInPage(browser, base, 'admin', { lang: 'fr' });
    await expectScreen(page, '/context-selector', 'Choisir un espace');
    await page.getByTestId('structure-card').first().click();
    await expectScreen(page, '/s/0', 'Accueil du back-office');
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await screenshot(page, 'back-office-home');
    await page.context().close();
  });
});
