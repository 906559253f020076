/**
 * The shell as people met it (issue 8), on a gateway of its own whose PostgreSQL database the
 * test changes directly, the way the care team's tools would: a file closed on the server is
 * seen by the guards, the navigation and the shortcuts without logging in again; a closed file's
 * home offers nothing the guards refuse; a patient file that cannot be opened says "not found"
 * (no Retry) and one that can says whose it is; names are cut at their end in reading order.
 */
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleProblems, launchChromium, screenshot } from './support/browser.ts';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.ts';
import { demoEmail } from './support/login.ts';
import { activeNavLink, expectScreen, loggedInPage } from './support/session.ts';
import { throwawayPostgres } from './support/throwaway-postgres.ts';
import { ageOn, todayIn } from '../../client/lib/dates/age.ts';
import { expectNotFound, NOT_FOUND_LANGUAGES } from './support/not-found.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe('the shell, as people met it', () => {
  let browser: Browser;
  let gateway: GatewayProcess;
  let database: Awaited<ReturnType<typeof throwawayPostgres>>;
  let sql: pg.Client;
  const base = () => gateway.url;

  beforeAll(async () => {
    database = await throwawayPostgres(ADMIN_URL);
    [gateway, browser] = await Promise.all([startGatewayProcess({ DATABASE_URL: database.url }), launchChromium()]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await browser?.close();
    await gateway?.stop();
    await database?.drop();
  });

  const fileOf = async (account: string) => (await sql.query<{ id: string }>(
    'select f.id from patient_files f join users u on u.id = f.patient_id where u.email = $1 order by f.created_at limit 1', [demoEmail(account)],
  )).rows[0]!.id;
  const setStatus = (id: string, status: 'OPEN' | 'CLOSED') =>
    sql.query("update patient_files set status = $2, closed_at = case when $2 = 'CLOSED' then now() else null end where id = $1", [id, status]);
  const shortcuts = (page: Page) => page.locator('[data-block-id="shortcuts"] a').allInnerTexts();
  const navEntries = (page: Page) => page.getByRole('navigation').locator('a').allInnerTexts();

  it('a file closed on the server is seen by the guards, the navigation and the shortcuts without logging in again', async () => {
    const fileId = await fileOf('patient.open');
    const page = await loggedInPage(browser, base(), 'patient.open', { lang: 'fr', path: '/p/0/my-tasks' });
    const problems = consoleProblems(page);
    await expectScreen(page, '/p/0/my-tasks');
    expect(await navEntries(page)).toContain('Mes tâches');

    await setStatus(fileId, 'CLOSED');
    // The person comes back to the window: the files are fetched again, the guard of the
    // screen runs again on the new status and sends them home.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL((url) => url.pathname === '/p/0');
    await page.getByTestId('context-label').waitFor();
    await expect.poll(() => page.locator('header').textContent()).toContain('Clôturé');
    await expect.poll(() => navEntries(page)).not.toContain('Mes tâches');
    await page.locator('[data-block-id="shortcuts"]').waitFor();
    expect(await shortcuts(page)).not.toContain('Mes tâches');
    await screenshot(page, 'shell-file-closed-while-open');

    // Reopened: offered again, still without logging in.
    await setStatus(fileId, 'OPEN');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => navEntries(page)).toContain('Mes tâches');
    await expect.poll(() => shortcuts(page)).toContain('Mes tâches');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a closed file's home offers only what the guards let through, in the navigation and the shortcuts", async () => {
    const page = await loggedInPage(browser, base(), 'patient.closed', { lang: 'fr' });
    await expectScreen(page, '/p/0');
    await page.locator('[data-block-id="shortcuts"] a').first().waitFor();
    const offered = await shortcuts(page);
    expect(offered).toEqual(['Mon suivi', 'Mes documents']);
    for (const entry of ['Mes tâches', 'Ma messagerie', 'Mon agenda']) expect(await navEntries(page)).not.toContain(entry);
    // Every shortcut offered opens (no bounce back home).
    for (const label of offered) {
      await page.locator('[data-block-id="shortcuts"]').getByRole('link', { name: label }).click();
      await expect.poll(() => activeNavLink(page)).toBe(label);
      await page.goBack();
      await page.locator('[data-block-id="shortcuts"] a').first().waitFor();
    }
    await screenshot(page, 'shell-closed-file-home');
    await page.context().close();
  });

  it("a patient file says whose it is; one that cannot be opened says 'not found' with a way home, in fr, en and ar", async () => {
    const fileId = await fileOf('patient.open');
    const page = await loggedInPage(browser, base(), 'prescriber', { lang: 'fr', path: `/s/0/patient-file/${fileId}` });
    const header = page.locator('[data-patient-file-header]');
    await header.waitFor();
    expect(await page.getByTestId('patient-file-name').innerText()).toBe('Camille Martin');
    expect(await header.innerText()).toMatch(/Cardiologie · CHU Azur/);
    expect(await header.innerText()).toMatch(/Suivi depuis le \d+/);
    const age = ageOn('1958-04-17', todayIn(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)));
    expect(await page.getByTestId('patient-birth-date').innerText()).toBe(`Date de naissance : 17 avril 1958 (${age} ans)`);
    await screenshot(page, 'shell-patient-file-header-fr');

    // Unknown, and another establishment's (the Tilleuls' files are not the prescriber's).
    const foreign = (await sql.query<{ id: string }>(
      "select f.id from patient_files f join services s on s.id = f.service_id join establishments e on e.id = s.establishment_id where e.name like '%Tilleuls%' limit 1",
    )).rows[0]?.id;
    for (const id of ['00000000-0000-4000-8000-000000000000', foreign].filter(Boolean)) {
      for (const lang of NOT_FOUND_LANGUAGES) {
        await expectNotFound(page, `${base()}/s/0/patient-file/${id}`, lang);
        expect(await page.locator('[data-layout-grid]').count()).toBe(0);
        if (id !== foreign) await screenshot(page, `shell-patient-file-not-found-${lang}`);
      }
    }
    await page.locator('[data-error-kind]').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/s/0');

    // A failure that may pass (the network, a 5xx) keeps Retry, which loads the file.
    await page.evaluate(() => localStorage.setItem('lang', 'fr'));
    await page.route(`**/api/patient_files/${fileId}?*`, (route) => route.fulfill({ status: 503, json: { code: 'unavailable', message: 'Indisponible' } }));
    await page.goto(`${base()}/s/0/patient-file/${fileId}`);
    const failed = page.locator('[data-error-kind="failed"]');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Le chargement a échoué');
    await page.unrouteAll();
    await failed.getByRole('button', { name: 'Réessayer' }).click();
    await header.waitFor();
    expect(await page.getByTestId('patient-file-name').innerText()).toBe('Camille Martin');
    await page.context().close();
  });

  it('names are cut at their end in reading order: an Arabic name in French, a Latin one in Arabic', async () => {
    await sql.query("update users set first_name = 'عبد الرحمن بن عبد العزيز', last_name = 'الحسيني الطويل جدا جدا' where email = $1", [demoEmail('patient.closed')]);
    const page = await loggedInPage(browser, base(), 'patient.closed', { lang: 'fr', context: { viewport: { width: 640, height: 800 } } });
    await expectScreen(page, '/p/0');
    const directions = () => page.locator('[data-truncate]').evaluateAll((elements) => elements.map((el) => ({
      text: el.textContent ?? '',
      direction: getComputedStyle(el).direction,
      // The direction of the text itself: its first strong character.
      own: /^[^A-Za-z\u00C0-\u024F\u0590-\u08FF]*[\u0590-\u08FF]/.test(el.textContent ?? '') ? 'rtl' : 'ltr',
    })));
    const french = await directions();
    expect(french.find((d) => d.text.includes('عبد الرحمن'))).toMatchObject({ direction: 'rtl' });
    for (const d of french) expect(d.direction, d.text).toBe(d.own);
    await screenshot(page, 'shell-arabic-name-in-french');

    await page.evaluate(() => localStorage.setItem('lang', 'ar'));
    await page.reload();
    await page.getByTestId('context-label').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const arabic = await directions();
    expect(arabic.find((d) => d.text.includes('Pneumologie'))).toMatchObject({ direction: 'ltr' });
    for (const d of arabic) expect(d.direction, d.text).toBe(d.own);
    await screenshot(page, 'shell-names-in-arabic');
    await page.context().close();
  });
});
