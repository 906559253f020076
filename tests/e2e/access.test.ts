/**
 * Guards in a real browser (spec 000 §2, §6): privileges per route, the 'only opened' check,
 * unknown indexes and paths, placeholders inside the navigation, chunk-failure reload.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './support/browser.ts';
import { activeNavLink, expectScreen, loggedInPage } from './support/session.ts';

describe('route guards', () => {
  const base = inject('gatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); });
  afterAll(async () => { await browser?.close(); });

  const open = async (account: string, path: string) => {
    const page = await loggedInPage(browser, base, account, { path, lang: 'fr' });
    return page;
  };
  const done = (page: Page) => page.context().close();

  it.each([
    ['prescriber', '/s/0/statistics', '/s/0', undefined],
    ['operator', '/s/0/structure', '/s/0', undefined],
    ['manager', '/s/0/patient-file', '/s/0', undefined],
    ['prescriber', '/s/0/content-validation', '/s/0', undefined],
    ['manager', '/s/0/statistics', '/s/0/statistics', 'Statistiques'],
    ['admin.establishment', '/s/0/structure', '/s/0/structure', 'Mon établissement'],
    ['prescriber', '/s/0/patient-file/abc/history', '/s/0/patient-file/abc/history', 'Dossier patient'],
    ['operator', '/s/0/layout-builder', '/s/0/layout-builder', undefined],
    ['superadmin', '/s/0/alerts', '/s/0/alerts', 'Alertes'],
    // Issue 18: alerts and a person's profile are patient data, which neither role opens.
    ['manager', '/s/0/alerts', '/s/0', undefined],
    ['admin.establishment', '/s/0/alerts', '/s/0', undefined],
    ['manager', '/s/0/patient/00000000-0000-4000-8000-000000000000', '/s/0', undefined],
  ])('%s opening %s ends on %s', async (account, path, expected, title) => {
    const page = await open(account, path);
    await expectScreen(page, expected, title);
    await done(page);
  });

  it('a professional only sees the navigation entries they may open', async () => {
    const page = await open('prescriber', '/s/0');
    await expectScreen(page, '/s/0');
    const nav = page.getByRole('navigation', { name: 'Navigation professionnelle' });
    await expect(nav.getByText('Dossiers patients').count()).resolves.toBe(1);
    await expect(nav.getByText('Statistiques').count()).resolves.toBe(0);
    await expect(nav.getByText('Mon établissement').count()).resolves.toBe(0);
    await screenshot(page, 'professional-home-prescriber');
    await done(page);
  });

  it('the manager is not offered the alerts (patient data); an id that is none reads "not found", not the crash screen', async () => {
    const manager = await open('manager', '/s/0');
    await expectScreen(manager, '/s/0');
    const nav = manager.getByRole('navigation', { name: 'Navigation professionnelle' });
    await nav.getByText('Protocoles').waitFor();
    await expect(nav.getByText('Alertes').count()).resolves.toBe(0);
    await done(manager);
    const page = await open('prescriber', '/s/0/patient/not-an-id');
    await page.getByText('Ce que vous cherchez n’existe pas ou ne vous est pas accessible.').waitFor();
    await expect(page.getByText('Une erreur est survenue').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expectScreen(page, '/s/0');
    await done(page);
  });

  it.each([
    ['/p/0/my-tasks', '/p/0'], ['/p/0/messages', '/p/0'], ['/p/0/survey-answers/f1/free', '/p/0'], ['/p/0/documents/add', '/p/0'],
    ['/p/0/documents', '/p/0/documents'], ['/p/0/health-path-data', '/p/0/health-path-data'],
  ])("closed file: 'only opened' %s ends on %s", async (path, expected) => {
    const page = await open('patient.closed', path);
    await expectScreen(page, expected);
    await done(page);
  });

  it('closed file: the navigation hides the only-opened entries', async () => {
    const page = await open('patient.closed', '/p/0');
    await expectScreen(page, '/p/0');
    const nav = page.getByRole('navigation', { name: 'Navigation patient' });
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual(['Accueil', 'Mon suivi', 'Mes documents', 'Mon annuaire']);
    await screenshot(page, 'patient-home-closed');
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const entries = await menu.getByRole('menuitem').allTextContents();
    expect(entries).toEqual(expect.arrayContaining([
      'Modifier mon profil', 'Mes informations', 'Mes aidants', 'Changer mon mot de passe', 'Gestion des notifications',
      'Français', 'English', 'العربية', 'Fuseau horaire', 'Aide en ligne', 'Manuel utilisateur', 'Mentions légales',
      'Contrat de licence utilisateur final', 'À propos', 'Se déconnecter',
    ]));
    // Connected devices are an 'only opened' route.
    expect(entries).not.toContain('Objets connectés');
    await screenshot(page, 'patient-user-menu');
    await menu.getByRole('menuitem', { name: 'Mes aidants' }).click();
    await page.getByRole('dialog', { name: 'Mes aidants' }).getByText('Cet écran n’est pas encore disponible.').waitFor();
    await done(page);
  });

  it.each([
    ['patient.multi', '/p/7', '/context-selector'],
    ['patient.multi', '/p/01', '/context-selector'],
    ['pro.two', '/s/2/alerts', '/context-selector'],
    ['patient.open', '/p/3/messages', '/p/0'],
    ['patient.open', '/s/0', '/p/0'],
    ['patient.multi', '/nowhere/at/all', '/context-selector'],
    ['prescriber', '/accept-cgu', '/s/0'],
  ])('%s opening %s ends on %s', async (account, path, expected) => {
    const page = await open(account, path);
    await expectScreen(page, expected);
    await done(page);
  });

  it('a screen not built yet shows its name inside the navigation, with its back link', async () => {
    // A pathology's page of the back office (issue 22 builds it).
    const page = await open('admin', '/s/0/pathologies/asthma');
    await expectScreen(page, '/s/0/pathologies/asthma', 'Pathologie');
    await page.getByText('Cet écran n’est pas encore disponible.').waitFor();
    await page.getByRole('navigation', { name: 'Navigation du back-office' }).waitFor();
    await page.getByRole('link', { name: 'Retour : Pathologies' }).click();
    await expectScreen(page, '/s/0/pathologies');
    await done(page);
  });

  it('leaving an indexed route clears the active file (the header no longer shows it)', async () => {
    const page = await open('patient.multi', '/p/1');
    await expectScreen(page, '/p/1');
    await page.getByTestId('context-label').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Changer d’espace' }).click();
    await expectScreen(page, '/context-selector', 'Choisir un espace');
    await expect(page.getByTestId('context-label').count()).resolves.toBe(0);
    await done(page);
  });

  it('a route chunk that fails to load reloads the target address', async () => {
    // The professional frame is a lazy chunk of its own (the patient frame and home travel in the
    // `patient` group, preloaded from the start): the first request for it fails.
    const page = await open('pro.two', '/context-selector');
    await expectScreen(page, '/context-selector');
    let aborted = 0;
    await page.route(/\/assets\/professional-layout-[\w-]{8}\.js$/, (route) => (aborted++ === 0 ? route.abort() : route.continue()));
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('structure-card').first().click();
    await reloaded;
    await expectScreen(page, '/s/0');
    await expect.poll(() => activeNavLink(page)).toBe('Accueil');
    expect(aborted).toBe(2);
    await done(page);
  });
});
