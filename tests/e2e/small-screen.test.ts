/** On a phone-sized screen the navigation is a drawer behind the burger button. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

describe('small screens', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'])('the patient navigation opens from the burger (%s)', async (lang) => {
    const page = await loggedInPage(browser, base, 'patient.open', { lang, context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } });
    await expectScreen(page, '/p/0');
    const nav = page.getByRole('navigation');
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: lang === 'fr' ? 'Afficher ou masquer la navigation' : 'إظهار التنقل أو إخفاؤه' }).click();
    await nav.waitFor();
    await screenshot(page, `small-screen-nav-${lang}`);
    await nav.getByRole('link').nth(4).click();
    await expectScreen(page, '/p/0/documents');
    expect(await nav.isVisible()).toBe(false);
    await page.context().close();
  });
});
