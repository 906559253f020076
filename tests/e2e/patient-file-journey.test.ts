/**
 * Issue 10, the whole journey in Chromium, in French and in Arabic: a prescriber (CHU Azur,
 * Cardiologie) creates a patient from the patient-file list and reads the one-time credentials;
 * in a second browser the patient logs in with them, must choose a password (a mismatch first),
 * accepts the terms if asked, and reaches an only-opened screen (my tasks); the prescriber searches
 * and verifies the identity against the identity simulator the gateway runs, adds a new caregiver
 * account and a note, reads them in the history with who did them, and closes the file; the
 * patient's page, never reloaded, leaves my tasks once it comes back to the front.
 *
 * Each language has its own patient (DUPRE Hélène in French, CASANOVA Lucia in Arabic: two test
 * identities of server/identity-service/test-identities.ts) and its own e-mail, so the runs do not
 * collide. The INS number and OID are typed at creation, as read on the patient's card: the search
 * shows the same number, the verification checks it. Texts come from the locale files, so a
 * sentence changes in one place; what is asserted is what a person sees (labels, headings, roles).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { TEST_IDENTITIES } from '../../server/identity-service/test-identities.ts';
import serverAr from '../../server/i18n/locales/ar.json' with { type: 'json' };
import serverFr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import appAr from '../../client/locales/ar.json' with { type: 'json' };
import appFr from '../../client/locales/fr.json' with { type: 'json' };
import filesAr from '../../client/features/patient-files/locales/ar.json' with { type: 'json' };
import filesFr from '../../client/features/patient-files/locales/fr.json' with { type: 'json' };
import profileAr from '../../client/features/patient-profile/locales/ar.json' with { type: 'json' };
import profileFr from '../../client/features/patient-profile/locales/fr.json' with { type: 'json' };
import identityAr from '../../client/features/identity/locales/ar.json' with { type: 'json' };
import identityFr from '../../client/features/identity/locales/fr.json' with { type: 'json' };
import caregiversAr from '../../client/features/patient-file-caregivers/locales/ar.json' with { type: 'json' };
import caregiversFr from '../../client/features/patient-file-caregivers/locales/fr.json' with { type: 'json' };
import notesAr from '../../client/features/patient-file-notes/locales/ar.json' with { type: 'json' };
import notesFr from '../../client/features/patient-file-notes/locales/fr.json' with { type: 'json' };
import historyAr from '../../client/lib/history/locales/ar.json' with { type: 'json' };
import historyFr from '../../client/lib/history/locales/fr.json' with { type: 'json' };
import statusAr from '../../client/features/patient-file-status/locales/ar.json' with { type: 'json' };
import statusFr from '../../client/features/patient-file-status/locales/fr.json' with { type: 'json' };
import { consoleProblems, launchChromium, newContext, screenshot, settled } from './support/browser.ts';
import { expectScreen, loggedInPage } from './support/session.ts';

const T = {
  fr: { server: serverFr, app: appFr, files: filesFr, profile: profileFr.patientProfile, identity: identityFr.identity, caregivers: caregiversFr.patientFileCaregivers, notes: notesFr.patientFileNotes, history: historyFr.patientFileHistory, status: statusFr.patientFileStatus },
  ar: { server: serverAr, app: appAr, files: filesAr, profile: profileAr.patientProfile, identity: identityAr.identity, caregivers: caregiversAr.patientFileCaregivers, notes: notesAr.patientFileNotes, history: historyAr.patientFileHistory, status: statusAr.patientFileStatus },
} as const;

/** `{{name}}` placeholders filled in. */
const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
const identityOf = (birthName: string) => TEST_IDENTITIES.find((p) => p.identity.birthName === birthName)!.identity;

/** Who the patient is in each language's run (the first of their first names is the one they use). */
const PATIENTS = {
  fr: { identity: identityOf('DUPRÉ'), birthName: 'DUPRE', firstNames: 'Hélène, Marie', used: 'Hélène', birth: [1985, 6, 12] },
  ar: { identity: identityOf('CASANOVA'), birthName: 'CASANOVA', firstNames: 'Lucia', used: 'Lucia', birth: [1999, 2, 3] },
} as const;

const poll = <T>(value: () => Promise<T> | T, timeout = 20_000) => expect.poll(value, { timeout });

/** Today in Europe/Paris as [year, month, day]. */
function todayInParis(): [number, number, number] {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-').map(Number);
  return [y!, m!, d!];
}

function ageOn([y, m, d]: readonly number[], [ty, tm, td]: readonly number[]) {
  return ty! - y! - (tm! < m! || (tm === m && td! < d!) ? 1 : 0);
}

/** A date typed the way the field's hint says (JJ/MM/AAAA in French, DD/MM/YYYY in English, يوم/شهر/سنة in Arabic). */
async function typeDate(field: Locator, [y, m, d]: readonly number[]) {
  const id = await field.getAttribute('id');
  // The Arabic hint's words are wrapped in directional isolates (U+2066–U+2069): read without them.
  const hint = (await field.page().locator(`#${id}-description`).innerText()).replace(/[\u2066-\u2069]/g, '');
  const text = hint.replace(/YYYY|AAAA|سنة/, String(y)).replace(/MM|شهر/, String(m).padStart(2, '0')).replace(/DD|JJ|يوم/, String(d).padStart(2, '0'));
  await field.fill(text);
}

/** The value written under its label (the credentials dialogs). */
async function valueAfter(scope: Locator, label: string): Promise<string> {
  return (await scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText()).trim();
}

async function noSeriousAxeViolations(page: Page) {
  await settled(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  await screenshot(page, name);
  mkdirSync('/tmp/shots', { recursive: true });
  copyFileSync(`test-results/e2e/${name}.png`, `/tmp/shots/${name}.png`);
}

describe('patient-file journey (issue 10)', () => {
  // The scratch gateway (tests/e2e/support/global-setup.ts), not the standard one: the journey
  // creates patients and closes files, which the standard gateway's other tests count and open.
  const base = inject('scratchGatewayUrl');
  let browser: Browser;
  beforeAll(async () => { browser = await launchChromium(); }, 300_000);
  afterAll(async () => { await browser?.close(); });

  it.each(['fr', 'ar'] as const)('create, first login, identity, caregiver, note, history, close, patient side follows (%s)', async (lang) => {
    const t = T[lang];
    const who = PATIENTS[lang];
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    const email = `journey.${lang}.${Date.now()}@patients.telesuivi.test`;
    const today = todayInParis();

    // 1. The prescriber creates the patient from the list.
    const pro = await loggedInPage(browser, base, 'prescriber', { lang });
    const proProblems = consoleProblems(pro);
    await expectScreen(pro, '/s/0');
    expect(await pro.locator('html').getAttribute('dir')).toBe(dir);
    await pro.getByRole('navigation').getByRole('link', { name: t.app.nav.professional.patientFiles }).click();
    await expectScreen(pro, '/s/0/patient-file');
    await pro.getByRole('link', { name: t.files.patientFiles.newPatient }).click();
    await expectScreen(pro, '/s/0/patient/new', t.profile.titleNew);
    const form = pro.getByRole('form', { name: t.profile.titleNew });
    const field = (name: keyof typeof t.profile.fields) => form.getByRole('textbox', { name: t.profile.fields[name], exact: true });
    await field('firstNames').fill(who.firstNames);
    await field('birthName').fill(who.birthName);
    await field('usedFirstName').fill(who.used);
    await form.getByRole('combobox', { name: t.profile.fields.sex, exact: true }).click();
    await pro.getByRole('option', { name: t.profile.sex.female }).click();
    await typeDate(field('birthDate'), who.birth);
    await field('birthPlaceInsee').fill(who.identity.birthPlaceInseeCode);
    await field('insNumber').fill(who.identity.insNumber);
    await field('oid').fill(who.identity.oid);
    await field('email').fill(email);
    await form.getByRole('combobox', { name: t.profile.fields.serviceId, exact: true }).click();
    await pro.getByRole('option', { name: 'Cardiologie' }).click();
    await typeDate(field('startDate'), today);
    await noSeriousAxeViolations(pro);
    await shot(pro, `journey-${lang}-1-form`);
    await form.getByRole('button', { name: t.profile.create }).click();

    // The one-time credentials: a login and a temporary password, then the new file.
    const dialog = pro.getByRole('dialog', { name: t.profile.credentials.title });
    await dialog.waitFor({ timeout: 20_000 });
    const login = await valueAfter(dialog, t.profile.credentials.login);
    const temporaryPassword = await valueAfter(dialog, t.profile.credentials.password);
    expect(login).toBe(email);
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    expect(await dialog.getByRole('alert').innerText()).toBe(t.profile.credentials.warning);
    await noSeriousAxeViolations(pro);
    await shot(pro, `journey-${lang}-1-credentials`);
    await dialog.getByRole('button', { name: t.profile.credentials.done }).click();
    await pro.waitForURL(/\/s\/0\/patient-file\/[0-9a-f-]{36}(\/[a-z-]+)?$/, { timeout: 20_000 });
    await poll(() => pro.getByTestId('patient-file-name').innerText()).toContain(who.used);
    expect((await pro.getByTestId('patient-file-name').innerText()).toUpperCase()).toContain(who.birthName);
    const header = pro.locator('[data-patient-file-header]');
    expect(await header.getAttribute('data-status')).toBe('OPEN');
    // Badges are written in capitals by the style: the text itself is the translation.
    expect(await header.textContent()).toContain(t.app.patientFile.status.OPEN);
    const age = ageOn(who.birth, today);
    // The age in the language's digits (Arabic may write them either way).
    const shownAge = (await pro.getByTestId('patient-birth-date').innerText()).replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
    expect(shownAge).toMatch(new RegExp(`\\(${age}\\D`));
    await poll(() => pro.getByTestId('patient-identity').textContent()).toContain(t.app.patientFile.identity.status.PROVISIONAL);
    await shot(pro, `journey-${lang}-1-file`);

    // 2. The patient, in another browser: temporary password, then a password of their own.
    const patientContext = await newContext(browser);
    await patientContext.addInitScript((l) => { if (!localStorage.getItem('lang')) localStorage.setItem('lang', l); }, lang);
    const patient = await patientContext.newPage();
    const patientProblems = consoleProblems(patient);
    await patient.goto(`${base}/auth/login?l=${lang}`);
    await patient.fill('#email', login);
    await patient.fill('#password', temporaryPassword);
    await patient.click('button[type=submit]');
    await patient.waitForURL((url) => url.pathname === '/auth/first-login');
    await patient.getByRole('heading', { level: 1, name: t.server.firstLogin.heading }).waitFor();
    expect(await patient.evaluate(() => document.documentElement.dir)).toBe(dir);
    await patient.fill('#newPassword', 'Journey-Choice-2026!');
    await patient.fill('#confirmation', 'Journey-Choice-2027!');
    await patient.click('button[type=submit]');
    await patient.locator('#confirmation-error').waitFor({ state: 'visible' });
    expect(await patient.locator('#confirmation-error').innerText()).toBe(t.server.errors.password_confirmation_mismatch);
    await shot(patient, `journey-${lang}-2-mismatch`);
    await patient.fill('#newPassword', 'Journey-Choice-2026!');
    await patient.fill('#confirmation', 'Journey-Choice-2026!');
    await patient.click('button[type=submit]');
    // Terms and consent first, when the platform asks for them (a new account has accepted nothing).
    await patient.waitForURL((url) => url.pathname === '/accept-cgu' || url.pathname.startsWith('/p/0'), { timeout: 20_000 });
    if (new URL(patient.url()).pathname === '/accept-cgu') {
      await patient.getByRole('heading', { level: 1, name: t.app.consent.terms.title }).waitFor();
      await shot(patient, `journey-${lang}-2-terms`);
      await patient.getByLabel(t.app.consent.terms.checkbox).check();
      await patient.getByRole('button', { name: t.app.consent.terms.accept }).click();
      await patient.getByLabel(t.app.consent.personalData.checkbox).check();
      await patient.getByRole('button', { name: t.app.consent.personalData.accept }).click();
    }
    await patient.waitForURL((url) => url.pathname.startsWith('/p/0'), { timeout: 20_000 });
    // Until the terms and consent are given every API call answers 401 by design (server/auth/consent.ts),
    // which the browser prints as failed loads: the console is watched from here on.
    patientProblems.length = 0;
    await patient.getByRole('navigation').getByRole('link', { name: t.app.nav.patient.myTasks }).click();
    await expectScreen(patient, '/p/0/my-tasks');
    expect(await patient.evaluate(() => document.documentElement.dir)).toBe(dir);
    await shot(patient, `journey-${lang}-2-my-tasks`);

    // 3. Identity: search (the candidate), then verification: recovered.
    await pro.bringToFront();
    await pro.getByRole('tab', { name: t.identity.tab }).click();
    await pro.waitForURL(/\/identity$/);
    await pro.getByRole('button', { name: t.identity.search.button }).click();
    const found = pro.locator('[data-outcome="found"]');
    await found.waitFor({ timeout: 20_000 });
    expect(await found.innerText()).toContain(t.identity.search.outcome.found);
    expect(await found.innerText()).toContain(who.identity.insNumber);
    await shot(pro, `journey-${lang}-3-identity-search`);
    await pro.getByRole('button', { name: t.identity.verify.button }).click();
    const verified = pro.getByRole('status').filter({ hasText: fill(t.identity.verify.outcome.verified, { status: t.identity.status.RECOVERED }) });
    await verified.waitFor({ timeout: 20_000 });
    await poll(() => pro.getByTestId('patient-identity').textContent()).toContain(t.app.patientFile.identity.status.RECOVERED);
    await noSeriousAxeViolations(pro);
    await shot(pro, `journey-${lang}-3-identity-verified`);

    // Caregivers: a new account, its credentials shown once.
    await pro.getByRole('tab', { name: t.caregivers.tab }).click();
    await pro.waitForURL(/\/caregivers$/);
    await pro.getByText(t.caregivers.add.new, { exact: true }).click();
    const caregiverEmail = `aidant.${lang}.${Date.now()}@patients.telesuivi.test`;
    await pro.getByRole('textbox', { name: t.caregivers.newAccount.firstName, exact: true }).fill('Sami');
    await pro.getByRole('textbox', { name: t.caregivers.newAccount.lastName, exact: true }).fill('Renard');
    await pro.getByRole('textbox', { name: t.caregivers.newAccount.email, exact: true }).fill(caregiverEmail);
    await pro.getByRole('button', { name: t.caregivers.add.submitNew }).click();
    const caregiverDialog = pro.getByRole('dialog', { name: t.caregivers.credentials.title });
    await caregiverDialog.waitFor({ timeout: 20_000 });
    expect(await caregiverDialog.innerText()).toContain(caregiverEmail);
    await shot(pro, `journey-${lang}-3-caregiver-credentials`);
    await caregiverDialog.getByRole('button', { name: t.caregivers.credentials.done }).click();
    await caregiverDialog.waitFor({ state: 'detached' });
    await poll(() => pro.getByRole('table', { name: t.caregivers.tableLabel }).innerText()).toContain('Renard');
    await noSeriousAxeViolations(pro);
    await shot(pro, `journey-${lang}-3-caregivers`);

    // Notes: one added, then in the list.
    const noteText = lang === 'fr' ? 'Appel de suivi : la patiente va bien, pas de douleur.' : 'مكالمة متابعة: المريضة بخير ولا تشعر بألم.';
    await pro.getByRole('tab', { name: t.notes.tab }).click();
    await pro.waitForURL(/\/notes$/);
    await pro.getByRole('textbox', { name: t.notes.add.label }).fill(noteText);
    await pro.getByRole('button', { name: t.notes.add.submit }).click();
    await poll(() => pro.getByRole('list', { name: t.notes.listLabel }).innerText()).toContain(noteText);
    await noSeriousAxeViolations(pro);
    await shot(pro, `journey-${lang}-3-notes`);

    // History: each of these, by the prescriber.
    await pro.getByRole('tab', { name: t.history.tab }).click();
    await pro.waitForURL(/\/history(\?.*)?$/);
    const historyTable = pro.getByRole('table', { name: t.history.tableLabel });
    const expected = [
      t.history.kinds.IDENTITY_SEARCH,
      fill(t.history.kinds.IDENTITY_VERIFIED_detail, { status: t.history.identityStatus.RECOVERED }),
      t.history.kinds.CAREGIVER_ADDED,
      t.history.kinds.NOTE_ADDED,
    ];
    for (const sentence of expected) await poll(() => historyTable.innerText()).toContain(sentence);
    const rowsOf = async (sentence: string) => historyTable.locator('tbody tr', { hasText: sentence }).first().innerText();
    for (const sentence of expected) expect(await rowsOf(sentence)).toContain('Claire Dubois');
    await noSeriousAxeViolations(pro);
    await shot(pro, `journey-${lang}-3-history`);

    // 4. Follow-up: closed with a reason type and a reason.
    await pro.getByRole('tab', { name: t.status.tab }).click();
    await pro.waitForURL(/\/follow-up$/);
    await pro.getByRole('button', { name: t.status.close.open }).click();
    const closeDialog = pro.getByRole('dialog', { name: t.status.close.title });
    await closeDialog.waitFor();
    await closeDialog.getByLabel(t.status.reasons.END_OF_FOLLOW_UP).check();
    await closeDialog.getByRole('textbox', { name: t.status.close.reason }).fill(lang === 'fr' ? 'Fin de la période de surveillance prévue.' : 'انتهت فترة المراقبة المقررة.');
    await noSeriousAxeViolations(pro);
    await shot(pro, `journey-${lang}-4-close-dialog`);
    await closeDialog.getByRole('button', { name: t.status.close.confirm }).click();
    await closeDialog.waitFor({ state: 'detached', timeout: 20_000 });
    await poll(() => header.getAttribute('data-status')).toBe('CLOSED');
    expect(await header.textContent()).toContain(t.app.patientFile.status.CLOSED);
    await shot(pro, `journey-${lang}-4-closed`);

    // 5. The patient's page, never reloaded, leaves my tasks when they come back to it.
    // Headless Chromium keeps every page focused, so bringing a window to the front sends no focus
    // event: the test sends the one a desktop sends when the person comes back to the window.
    await patient.bringToFront();
    await patient.evaluate(() => window.dispatchEvent(new Event('focus')));
    await poll(() => new URL(patient.url()).pathname, 30_000).not.toBe('/p/0/my-tasks');
    await patient.locator('main').first().waitFor();
    await shot(patient, `journey-${lang}-5-patient-after-close`);
    expect(patientProblems).toEqual([]);
    expect(proProblems).toEqual([]);
    await patientContext.close();
    await pro.context().close();
  }, 300_000);
});
