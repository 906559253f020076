/**
 * A brand sub-domain (spec 000 §1): azur.telesuivi.test resolves to this machine (Chromium
 * host-resolver rule); the login redirect carries branding=azur, the header shows the azur
 * logo, and CHU Azur's colours apply; the plain address shows the default logo and colours.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BRAND_DOMAIN, launchChromium, newContext, screenshot } from './support/browser.ts';
import { DEMO_PASSWORD, demoEmail } from './support/login.ts';
import { expectScreen, loggedInPage, primaryColour } from './support/session.ts';

describe('branding and establishment themes', () => {
  const base = inject('gatewayUrl');
  const branded = base.replace('127.0.0.1', `azur.${BRAND_DOMAIN}`);
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it('the azur sub-domain shows its logo and CHU Azur colours', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => localStorage.setItem('lang', 'fr'));
    const page = await context.newPage();
    await page.goto(`${branded}/`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('branding')).toBe('azur');
    await page.fill('#email', demoEmail('patient.open'));
    await page.fill('#password', DEMO_PASSWORD);
    await page.click('button[type=submit]');
    await expectScreen(page, '/p/0');
    expect(await page.getByTestId('brand-logo').getAttribute('src')).toBe('/ui/logos/azur.svg');
    expect(await primaryColour(page)).toBe('#0b5fa5');
    await screenshot(page, 'brand-azur-patient-home');
    await context.close();
  });

  it('the plain address shows the default logo; each establishment its own colours, the default outside', async () => {
    const page = await loggedInPage(browser, base, 'patient.multi', { lang: 'fr' });
    await expectScreen(page, '/context-selector');
    expect(await page.getByTestId('brand-logo').getAttribute('src')).toBe('/ui/logos/default.svg');
    expect(await primaryColour(page)).toBe('#1c6e8c');
    await page.getByTestId('patient-file-card').first().click();
    await expectScreen(page, '/p/0');
    await expect.poll(() => primaryColour(page)).toBe('#2e7d4f');
    await page.goto(`${base}/p/1`);
    await expectScreen(page, '/p/1');
    await expect.poll(() => primaryColour(page)).toBe('#0b5fa5');
    await page.goto(`${base}/context-selector`);
    await expectScreen(page, '/context-selector');
    await expect.poll(() => primaryColour(page)).toBe('#1c6e8c');
    await page.context().close();
  });
});
