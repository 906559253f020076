/** The terms and personal-data consent screens (spec 000 §4), against the real gateway. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

describe('consent screens', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each([
    ['fr', 'Conditions générales d’utilisation', 'Il ne traite pas les urgences', 'ltr'],
    ['en', 'Terms of use', 'It does not handle emergencies', 'ltr'],
    ['ar', 'شروط الاستخدام', 'لا تعالج الخدمة حالات الطوارئ', 'rtl'],
  ])('the terms step shows the terms themselves (%s), served by the gateway', async (lang, title, excerpt, dir) => {
    const page = await loggedInPage(browser, base, 'new.terms', { lang });
    await expectScreen(page, '/accept-cgu', title);
    const terms = page.locator('[data-terms-of-use]');
    await terms.waitFor();
    expect(await terms.innerText()).toContain(excerpt);
    expect(await terms.locator('strong').first().innerText()).not.toContain('**');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
    await screenshot(page, `consent-terms-text-${lang}`);
    await page.context().close();
  });

  it('terms first, then personal data, then where the user was going', async () => {
    const page = await loggedInPage(browser, base, 'new.terms', { path: '/p/0/documents', lang: 'fr' });
    await expectScreen(page, '/accept-cgu', 'Conditions générales d’utilisation');
    const accept = page.getByRole('button', { name: 'Accepter' });
    expect(await accept.isDisabled()).toBe(true);
    await screenshot(page, 'consent-terms');
    await page.getByLabel('J’ai lu et j’accepte les conditions générales d’utilisation').check();
    await accept.click();
    await page.getByRole('heading', { level: 1, name: 'Utilisation de vos données personnelles' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accept-cgu');
    await screenshot(page, 'consent-personal-data');
    await page.getByLabel('Je consens à l’utilisation de mes données personnelles').check();
    await page.getByRole('button', { name: 'Donner mon consentement' }).click();
    await expectScreen(page, '/p/0/documents', 'Mes documents');
    await page.context().close();
  });

  it('personal data only, when the terms were accepted before', async () => {
    const page = await loggedInPage(browser, base, 'new.consent', { lang: 'fr' });
    await expectScreen(page, '/accept-cgu', 'Utilisation de vos données personnelles');
    await page.getByLabel('Je consens à l’utilisation de mes données personnelles').check();
    await page.getByRole('button', { name: 'Donner mon consentement' }).click();
    await expectScreen(page, '/p/0');
    await page.context().close();
  });
});
