/**
 * Every route of spec 000 §2, opened by every demo role that may open it (§6), as a person who
 * follows a link would: one browser, a profile per role, each screen reached by the router
 * (history push) from the last. A screen fails when it shows the crash screen or the "not
 * found / could not load" state, when a call it makes while loading answers 404 or 5xx, when the
 * console has a warning or an error, or when axe finds a serious or critical violation (in
 * French for every screen, in Arabic, right to left, for each screen once). The navigation of a
 * role offers no route the role may not open. Records it needs are made through the API
 * beforehand (support/route-walk.ts) on the scratch gateway.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { consoleProblems, launchChromium, settled } from './support/browser.ts';
import { seriousViolations } from './support/axe.ts';
import { loggedInPage } from './support/session.ts';
import { mayOpen, ROLES, walkRecords, WALK_ROUTES, type Role, type WalkRecords, type WalkRoute } from './support/route-walk.ts';

const json = (file: string) => JSON.parse(readFileSync(new URL(`../../client/${file}`, import.meta.url), 'utf8'));
const textsIn = (lang: string) => ({
  ...(json(`locales/${lang}.json`) as { errors: { unexpected: { title: string } }; placeholder: { notAvailable: string } }),
  enterValue: (json(`features/monitoring/locales/${lang}.json`) as { monitoring: { enter: { open: string } } }).monitoring.enter.open,
});
const TEXTS = { fr: textsIn('fr'), ar: textsIn('ar') };
type Lang = keyof typeof TEXTS;

/** The Questionnaires tab's words (as tests/e2e/patient-file-questionnaires.test.ts reads them). */
const FILE_FORMS = {
  fr: { exclude: 'Exclure', restore: 'Rétablir', confirm: 'Confirmer' },
  ar: { exclude: 'استبعاد', restore: 'استعادة', confirm: 'تأكيد' },
} as const;

/**
 * Screens also checked in states a person brings about, in each language: a dialog open, a
 * notification up. `check(what)` runs axe on what the page shows then.
 */
const STATES: Record<string, (page: Page, lang: Lang, check: (what: string) => Promise<void>) => Promise<void>> = {
  async '/p/0/health-path-data'(page, lang, check) {
    await page.getByRole('main').getByRole('button', { name: TEXTS[lang].enterValue, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await check('value-entry dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  },
  // Excluding PHQ-9 and restoring it: a confirmation dialog, then a notification; the file ends as it was.
  async '/s/0/patient-file/:patientFileId/questionnaires'(page, lang, check) {
    const words = FILE_FORMS[lang];
    const row = page.locator('[data-testid=file-questionnaires-table] tr[data-form="PHQ-9"]');
    await row.getByRole('button', { name: words.exclude }).click();
    await page.getByRole('dialog').waitFor();
    await check('confirmation dialog');
    await page.getByRole('dialog').getByRole('button', { name: words.confirm }).click();
    await page.locator('.mantine-Notification-root').first().waitFor();
    await check('notification');
    await row.getByRole('button', { name: words.restore }).click();
    await page.getByRole('dialog').getByRole('button', { name: words.confirm }).click();
    await row.getByRole('button', { name: words.exclude }).waitFor();
  },
};

const homeOf = (role: Role) => (role.area === 'patient' ? '/p/0' : '/s/0');
/** What a screen loads (calls, chunks), but not the live events, which stay open by design. */
const loads = (url: string, origin: string) => url.startsWith(origin) && new URL(url).pathname !== '/api/events';

/** Follows the page's requests: which are in flight, and which answered 404 or 5xx. */
function watchCalls(page: Page, origin: string) {
  const inFlight = new Set<unknown>();
  const failed: string[] = [];
  page.on('request', (r) => { if (loads(r.url(), origin)) inFlight.add(r); });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  page.on('response', (r) => {
    if (r.url().startsWith(origin) && (r.status() === 404 || r.status() >= 500)) failed.push(`${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()}`);
  });
  return { inFlight, failed };
}

/** The router's own navigation (what a link does), without reloading the application. */
async function follow(page: Page, href: string) {
  await page.evaluate((to) => {
    // The router's own entry shape, so that a blocker (unsaved changes) judges it like a link.
    const current = (window.history.state ?? {}) as { idx?: number };
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (current.idx ?? 0) + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, href);
}

/** No call in flight and nothing loading (loaders, skeletons), twice in a row a frame apart. */
async function quiet(page: Page, inFlight: Set<unknown>) {
  let calm = 0;
  const deadline = Date.now() + 15_000;
  while (calm < 2) {
    if (Date.now() > deadline) throw new Error(`still loading: ${inFlight.size} calls in flight`);
    const busy = inFlight.size > 0 || await page.evaluate(() => !!document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]'));
    calm = busy ? 0 : calm + 1;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  }
}

describe('route walk: every route of spec 000 §2 as every role that may open it', () => {
  const base = inject('scratchGatewayUrl');
  let browser: Browser;
  let records: WalkRecords;
  const findings: string[] = [];
  /** Screens axe went through, and route patterns walked, per language. */
  const axedIn = { fr: new Set<string>(), ar: new Set<string>() };
  const covered = { fr: new Set<string>(), ar: new Set<string>() };
  /** Routes walked by one role only (see WalkRoute.once). */
  const walkedOnce = new Set<string>();
  const started = Date.now();

  beforeAll(async () => { [browser, records] = await Promise.all([launchChromium(), walkRecords(base)]); });
  afterAll(async () => {
    await browser?.close();
    console.info(`route walk: ${Math.round((Date.now() - started) / 1000)} s`);
  });

  async function visit(page: Page, role: Role, route: WalkRoute, lang: Lang, calls: ReturnType<typeof watchCalls>, console_: string[]) {
    const href = route.href(records, role);
    const where = `${role.account} ${lang} ${href}`;
    const began = Date.now();
    calls.failed.length = 0;
    console_.length = 0;
    await follow(page, href);
    try {
      await page.waitForURL((url) => url.pathname === href, { timeout: 5_000 });
      await page.locator('main').first().waitFor({ timeout: 10_000 });
      await quiet(page, calls.inFlight);
    } catch (error) {
      findings.push(`${where}: ended on ${new URL(page.url()).pathname} (${(error as Error).message.split('\n')[0]})`);
      return;
    }
    if (await page.getByRole('heading', { name: TEXTS[lang].errors.unexpected.title }).count()) findings.push(`${where}: crash screen`);
    const state = await page.locator('[data-error-kind]').first().getAttribute('data-error-kind', { timeout: 50 }).catch(() => null);
    if (state) findings.push(`${where}: shows "${state}"`);
    for (const call of calls.failed) findings.push(`${where}: ${call}`);
    for (const line of console_) findings.push(`${where}: console ${line}`);
    // The screens not built yet are one component: checked once per area and language.
    const placeholder = await page.getByText(TEXTS[lang].placeholder.notAvailable).count();
    const screen = placeholder ? `placeholder in ${route.area}` : route.pattern;
    covered[lang].add(route.pattern);
    if (!axedIn[lang].has(screen)) {
      axedIn[lang].add(screen);
      await settled(page);
      for (const v of await seriousViolations(page)) findings.push(`${where}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
      const bring = STATES[route.pattern];
      if (bring && !findings.some((f) => f.startsWith(`${where}:`))) {
        await bring(page, lang, async (what) => {
          await settled(page);
          for (const v of await seriousViolations(page)) findings.push(`${where} (${what}): axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
        });
      }
    }
    if (process.env.WALK_TIMES) console.info(`${Date.now() - began} ms ${where}`);
  }

  it.each(ROLES.map((role) => [role.account, role] as const))('%s', async (_account, role) => {
    const page = await loggedInPage(browser, base, role.account, { lang: 'fr', path: homeOf(role) });
    const problems = consoleProblems(page);
    const calls = watchCalls(page, base);
    await page.waitForURL((url) => url.pathname === homeOf(role));
    await page.locator('nav').first().waitFor();

    // The navigation offers only what the role may open.
    const offered = await page.locator('nav a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const path of offered) {
      const route = WALK_ROUTES.find((r) => r.area === role.area && r.href(records, role) === path);
      if (route && !mayOpen(role, route)) findings.push(`${role.account}: navigation offers ${path}, which it may not open`);
    }

    const routes = WALK_ROUTES.filter((route) => mayOpen(role, route) && !(route.once && walkedOnce.has(route.pattern)));
    for (const route of routes) if (route.once) walkedOnce.add(route.pattern);
    for (const route of routes) await visit(page, role, route, 'fr', calls, problems);

    // Arabic, right to left: the screens no earlier role showed in Arabic.
    const inArabic = routes.filter((route) => !covered.ar.has(route.pattern));
    if (inArabic.length) {
      await page.evaluate(() => localStorage.setItem('lang', 'ar'));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      for (const route of inArabic) await visit(page, role, route, 'ar', calls, problems);
    }
    await page.context().close();
    expect(findings.filter((f) => f.startsWith(`${role.account} `) || f.startsWith(`${role.account}:`))).toEqual([]);
  }, 300_000);
});
