/** A 401 answer while logged in (the session ended elsewhere) shows the expired dialog (spec 000 §4). */
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const dialog = (page: Page) => page.getByRole('dialog');

describe('session ended elsewhere', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  it('the next call answers 401 and the expired dialog offers Reconnect', async () => {
    const page = await loggedInPage(browser, base, 'caregiver', { lang: 'fr' });
    await expectScreen(page, '/p/0');
    // The session ends elsewhere (another tab logged out): the next call answers 401.
    await page.context().clearCookies();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Fuseau horaire' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).waitFor();
    await page.getByRole('combobox', { name: 'Fuseau horaire de la session' }).fill('Europe/Paris');
    await page.getByRole('option', { name: 'Europe/Paris' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog(page).getByText('Session expirée').waitFor({ timeout: 10_000 });
    await dialog(page).getByRole('button', { name: 'Se reconnecter' }).waitFor();
    await page.context().close();
  });

});
