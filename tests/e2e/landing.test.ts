/**
 * Each demo account lands where spec 000 §2 says: one patient file → /p/0, one structure →
 * /s/0, several → the context selector; the consent screens come first when a consent is missing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { consoleProblems, launchChromium, newContext, screenshot } from './support/browser.ts';
import { loginAs } from './support/login.ts';

describe('landing after login', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it.each([
    ['patient.open', '/p/0'],
    ['patient.closed', '/p/0'],
    ['caregiver', '/p/0'],
    ['prescriber', '/s/0'],
    ['operator', '/s/0'],
    ['manager', '/s/0'],
    ['admin.establishment', '/s/0'],
    ['superadmin', '/s/0'],
    ['patient.multi', '/context-selector'],
    ['pro.two', '/context-selector'],
    ['admin', '/context-selector'],
  ])('%s lands on %s', async (account, expected) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await loginAs(page, base, account);
    await page.waitForURL((url) => url.pathname === expected);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // A clean load prints nothing: a warning on every load hides the one that matters.
    expect(problems).toEqual([]);
    if (['patient.open', 'prescriber', 'patient.multi'].includes(account)) await screenshot(page, `landing-${account}`);
    await context.close();
  });
});
