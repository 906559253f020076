/**
 * Issue 8: the empty login form showed « body.email » est invalide : ne doit pas faire moins de 1
 * caractère. In Chromium, on the real gateway: each field shows its own message beside it, in the
 * page's language, before anything is sent; the gateway's field errors land beside their fields
 * too when the browser's check is bypassed; nothing reads like a schema.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import { launchChromium, newContext, screenshot } from './support/browser.ts';
import { demoEmail } from './support/login.ts';

const LOCALES = { fr, en, ar } as const;
const fill = (template: string, label: string) => template.replace('{{label}}', label);

describe('login form: one message per field, in the page language', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  async function open(l: keyof typeof LOCALES): Promise<{ page: Page; posts: string[] }> {
    const page = await (await newContext(browser)).newPage();
    const posts: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST') posts.push(r.url()); });
    await page.goto(`${base}/auth/login?l=${l}`);
    return { page, posts };
  }
  const text = (page: Page, selector: string) => page.locator(selector).innerText();

  it.each(Object.keys(LOCALES) as (keyof typeof LOCALES)[])('empty form (%s): both fields required, nothing sent', async (l) => {
    const m = LOCALES[l];
    const { page, posts } = await open(l);
    await page.click('button[type=submit]');
    await page.locator('#email-error').waitFor({ state: 'visible' });
    expect(await text(page, '#email-error')).toBe(fill(m.errors.input_required, m.login.email));
    expect(await text(page, '#password-error')).toBe(fill(m.errors.input_required, m.login.password));
    expect(await page.getAttribute('#email', 'aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');
    expect(await page.locator('#error').isVisible()).toBe(false);
    expect(posts).toEqual([]);
    await screenshot(page, `login-empty-${l}`);
    // Typing clears the field's message once it is valid.
    await page.fill('#password', 'x');
    await page.locator('#password-error').waitFor({ state: 'hidden' });
    expect(await page.locator('#email-error').isVisible()).toBe(true);
    await page.context().close();
  });

  it('an e-mail without @: the format message on the e-mail field only', async () => {
    const { page, posts } = await open('fr');
    await page.fill('#email', 'camille.martin');
    await page.fill('#password', 'x');
    await page.click('button[type=submit]');
    await page.locator('#email-error').waitFor({ state: 'visible' });
    expect(await text(page, '#email-error')).toBe(fill(fr.errors.input_invalid_email, fr.login.email));
    expect(await page.locator('#password-error').isVisible()).toBe(false);
    expect(posts).toEqual([]);
    await page.context().close();
  });

  it('when the browser check is bypassed, the gateway\'s own field messages land beside the fields', async () => {
    const { page, posts } = await open('ar');
    await page.evaluate(() => {
      for (const input of document.querySelectorAll('input')) { input.removeAttribute('required'); input.type = 'text'; }
    });
    await page.click('button[type=submit]');
    await page.locator('#password-error').waitFor({ state: 'visible' });
    expect(posts).toHaveLength(1);
    expect(await text(page, '#email-error')).toBe(fill(ar.errors.input_required, ar.login.email));
    expect(await text(page, '#password-error')).toBe(fill(ar.errors.input_required, ar.login.password));
    expect(await page.locator('#error').isVisible()).toBe(false);
    await page.context().close();
  });

  it('wrong credentials are still said below the form', async () => {
    const { page } = await open('en');
    await page.fill('#email', demoEmail('patient.open'));
    await page.fill('#password', 'not-the-password');
    await page.click('button[type=submit]');
    await page.locator('#error').waitFor({ state: 'visible' });
    expect(await text(page, '#error')).toBe(en.errors.invalid_credentials);
    expect(await page.locator('#email-error').isVisible()).toBe(false);
    await page.context().close();
  });
});
