/**
 * Automated accessibility check (axe): no serious or critical violation on the context
 * selector, the patient home and the professional home, in French and in Arabic.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { launchChromium, screenshot, settled } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

describe('accessibility (axe)', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each([
    ['context selector', 'patient.multi', '/context-selector'],
    ['patient home', 'patient.open', '/p/0'],
    ['professional home', 'prescriber', '/s/0'],
  ])('%s (%s) in French and in Arabic', async (name, account, path) => {
    for (const lang of ['fr', 'ar']) {
      const page = await loggedInPage(browser, base, account, { lang });
      await expectScreen(page, path);
      // axe reads colours: wait until the theme's transitions and the fonts are done.
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await seriousViolations(page), `${name} in ${lang}`).toEqual([]);
      await screenshot(page, `a11y-${name.replace(/ /g, '-')}-${lang}`);
      await page.context().close();
    }
  });
});
