/**
 * Issue 5 in real Chromium against a real gateway whose clock the test moves: a patient answers
 * a planned questionnaire with a wound photo (after the prescriber assigned it), a draft
 * survives a reload, a form in Arabic reads right to left, the professional opens the response,
 * and the late-forms choice once two days have passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newContext, screenshot } from './support/browser.ts';
import { startClockedGateway, type ClockedGateway } from './support/clocked-gateway.ts';
import { loginAs } from './support/login.ts';
import { pngOf } from './support/png.ts';
import { apiSession } from './support/api-session.ts';
import { assignDemoForms, sendFreePhq9, type AssignedForms } from './support/questionnaires.ts';
import { DRAFT_PREFIX } from '../../client/features/questionnaires/answer/draft-storage.ts';
import { formatDateTime } from '../../client/lib/dates/format.ts';
import { expectNotFound, NOT_FOUND_LANGUAGES } from './support/not-found.ts';

describe('questionnaires', () => {
  let gateway: ClockedGateway;
  let browser: Browser;
  let assigned: AssignedForms;

  beforeAll(async () => {
    [gateway, browser] = await Promise.all([startClockedGateway(), launchChromium()]);
    assigned = await assignDemoForms(gateway.url, ['POST-OP', 'HF-DAILY', 'PHQ-9', 'GAD-7', 'SCHEMA-SHOWCASE']);
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  interface TaskOut { occurrenceId?: string; formId: string; reference: string; status: string; late: boolean; startAt?: string }
  const tasksNow = async () => (await (await apiSession(gateway.url, 'patient.open')).get<{ data: TaskOut[] }>(`/patient_files/${assigned.patientFileId}/tasks`)).data;
  const surveyPath = (task: TaskOut, lang?: string) => task.occurrenceId
    ? `/p/0/survey-answers/${task.occurrenceId}${lang ? `/planned/${lang}` : ''}`
    : `/p/0/survey-answers/${task.formId}/free${lang ? `/${lang}` : ''}`;

  async function patientPage(path = '/p/0/my-tasks', lang?: string): Promise<Page> {
    const context = await newContext(browser);
    if (lang) await context.addInitScript((l) => { if (!localStorage.getItem('lang')) localStorage.setItem('lang', l); }, lang);
    const page = await context.newPage();
    await loginAs(page, gateway.url, 'patient.open', path);
    return page;
  }

  it('renders every corpus questionnaire in French, English and Arabic, and refuses it empty in that language', async () => {
    const REQUIRED = { fr: 'Ce champ est obligatoire', en: 'This field is required', ar: 'هذا الحقل إلزامي' } as const;
    const tasks = await tasksNow();
    const forms = ['POST-OP', 'HF-DAILY', 'PHQ-9', 'GAD-7', 'SCHEMA-SHOWCASE'].map((ref) => tasks.find((t) => t.reference === ref && ['available', 'ongoing', 'free'].includes(t.status))!);
    const page = await patientPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const task of forms) {
      for (const lang of ['fr', 'en', 'ar'] as const) {
        await page.goto(`${gateway.url}${surveyPath(task, lang)}`);
        const form = page.locator(`[lang=${lang}] form`).first();
        await form.waitFor();
        await form.getByRole('button', { name: { fr: 'Envoyer mes réponses', en: 'Send my answers', ar: 'إرسال إجاباتي' }[lang] }).click();
        await page.getByText(REQUIRED[lang]).first().waitFor();
        if (task.reference === 'SCHEMA-SHOWCASE') await screenshot(page, `questionnaires-showcase-${lang}`);
      }
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lists the tasks with status and limit date, then answers the post-operative follow-up with a photo', async () => {
    const page = await patientPage();
    await page.getByRole('heading', { level: 1, name: 'Mes tâches' }).waitFor();
    const open = page.getByTestId('tasks-open');
    await open.getByText('Suivi post-opératoire').waitFor();
    await expect(open.textContent()).resolves.toMatch(/À remplir avant le \d{1,2} \S+ \d{4} à? ?\d{2}:\d{2}/);
    await screenshot(page, 'questionnaires-my-tasks');

    await open.locator('[data-task-status]', { hasText: 'Suivi post-opératoire' }).getByRole('link', { name: /Répondre|Continuer/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Suivi post-opératoire' }).waitFor();
    await screenshot(page, 'questionnaires-post-op-empty');
    // Nothing is answered for the patient: no pre-selected choice, the scale says it is unanswered.
    expect(await page.locator('form').getByRole('radio', { checked: true }).count()).toBe(0);
    await page.getByText('Pas encore de réponse').waitFor();

    const slider = page.getByRole('slider').first();
    await slider.focus();
    for (let i = 0; i < 4; i++) await slider.press('ArrowRight');
    await page.getByText('Votre réponse : 4 sur 10').waitFor();
    await page.getByRole('radiogroup', { name: /antalgiques/ }).getByRole('radio', { name: 'Oui' }).check();
    await page.getByLabel('Température (°C)').fill('38,6');
    await page.getByRole('radiogroup', { name: 'Aspect de la cicatrice' }).getByRole('radio', { name: 'Rouge ou chaude au toucher' }).check();
    await expect(page.locator('[data-computed=feverExcess]').textContent()).resolves.toBe('0,6\u00a0°C');

    const photo = page.locator('input[type=file][name=root_woundPhoto]');
    const photoField = page.locator('[data-upload-state]').filter({ has: photo });
    // A PDF where a photo is asked: refused before any upload.
    await photo.setInputFiles({ name: 'compte-rendu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await photoField.getByText('« compte-rendu.pdf » n\'est pas accepté').waitFor();
    // Text named .png: the browser believes it, the server reads the bytes and refuses it.
    await photo.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('not really an image') });
    await photoField.getByText("L'image n'a pas pu être envoyé").waitFor();
    await expect(photoField.getAttribute('data-upload-state')).resolves.toBe('failed');
    await photoField.getByRole('button', { name: 'Réessayer' }).waitFor();
    await screenshot(page, 'questionnaires-upload-failed');
    // Retry sends the same bytes again: refused again; another file is accepted.
    await photoField.getByRole('button', { name: 'Réessayer' }).click();
    await photoField.getByText("L'image n'a pas pu être envoyé").waitFor();
    await photo.setInputFiles({ name: 'cicatrice.png', mimeType: 'image/png', buffer: pngOf(320, 200, [236, 200, 170]) });
    await photoField.getByText('« cicatrice.png » envoyé').waitFor();
    await expect(photoField.getAttribute('data-upload-state')).resolves.toBe('uploaded');
    await screenshot(page, 'questionnaires-post-op-filled');

    await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    await page.waitForURL((url) => url.pathname === '/p/0/my-tasks');
    // The confirmation (a notification, whose container loads on first use) stays 5 s (spec 000 §9)
    // over the list's right-hand side, longer while hovered.
    const toast = page.getByText('Vos réponses ont été envoyées.');
    if (await toast.waitFor({ timeout: 5_000 }).then(() => true, () => false)) await screenshot(page, 'questionnaires-sent');
    await page.mouse.move(10, 400);
    await toast.waitFor({ state: 'hidden', timeout: 10_000 });
    const past = page.getByTestId('tasks-past');
    await past.locator('[data-task-status=completed]', { hasText: 'Suivi post-opératoire' }).getByRole('link', { name: 'Voir la réponse' }).click();
    await page.getByTestId('form-response').waitFor();
    await page.getByText('Version 1 du questionnaire').waitFor();
    await expect(page.getByLabel('Température (°C)').inputValue()).resolves.toBe('38,6');
    await page.getByRole('link', { name: 'Ouvrir le fichier joint' }).waitFor();
    await screenshot(page, 'questionnaires-patient-response');
    await page.getByRole('link', { name: /Retour : Mon suivi/ }).waitFor();
    await page.context().close();
  });

  it('shows the professional the response, read-only, in the version it was answered in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The responses are a section of the file's Questionnaires tab (issue 10).
    await loginAs(page, gateway.url, 'prescriber', `/s/0/patient-file/${assigned.patientFileId}/questionnaires`);
    await page.getByRole('heading', { level: 2, name: 'Réponses aux questionnaires' }).waitFor();
    await page.getByRole('tab', { name: 'Questionnaires', selected: true }).waitFor();
    const list = page.getByTestId('form-responses-list');
    await list.getByText('Camille Martin').waitFor();
    await screenshot(page, 'questionnaires-professional-list');
    await list.getByRole('link', { name: 'Suivi post-opératoire' }).click();
    await page.waitForURL(/\/form-responses\/[0-9a-f-]{36}$/);
    await page.getByText('Version 1 du questionnaire').waitFor();
    await expect(page.getByLabel('Température (°C)').inputValue()).resolves.toBe('38,6');
    expect(await page.getByLabel('Température (°C)').isDisabled()).toBe(true);
    await expect(page.locator('[data-computed=feverExcess]').textContent()).resolves.toBe('0,6\u00a0°C');
    await page.getByRole('radiogroup', { name: 'Aspect de la cicatrice' }).getByRole('radio', { name: 'Rouge ou chaude au toucher', checked: true }).waitFor();
    // The professional reads the patient's answer: not "Votre réponse", and who filled it in.
    await page.getByText('Réponse : 4 sur 10').waitFor();
    expect(await page.getByText('Votre réponse').count()).toBe(0);
    await page.getByText(/rempli par Camille Martin/).waitFor();
    // The wound photo opens for the file's professional: the image loads from the patient file's address.
    const photoLink = page.getByRole('link', { name: 'Ouvrir le fichier joint' });
    expect(await photoLink.getAttribute('href')).toMatch(new RegExp(`^/api/patient_files/${assigned.patientFileId}/files/[0-9a-f-]{36}/download$`));
    const loaded = await page.getByRole('img', { name: /aperçu/i }).evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(loaded).toBe(320);
    await screenshot(page, 'questionnaires-professional-response');
    await page.getByRole('link', { name: /Réponses aux questionnaires/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/questionnaires'));
    await context.close();
  });

  it('keeps what was typed in the browser: a reload loses nothing', async () => {
    const hf = (await tasksNow()).find((t) => t.reference === 'HF-DAILY' && ['available', 'ongoing'].includes(t.status))!;
    const page = await patientPage(surveyPath(hf));
    await page.getByLabel('Poids du jour (kg)').fill('72,4');
    await page.getByLabel('Poids habituel (kg)').fill('70');
    await page.getByRole('radiogroup', { name: 'Essoufflement inhabituel' }).getByRole('radio', { name: 'Oui' }).check();
    await expect(page.locator('[data-computed=weightGain]').textContent()).resolves.toBe('2,4\u00a0kg');
    // The draft is written after a pause: reload once it holds the last answer.
    await page.waitForFunction((prefix) => Object.keys(localStorage).some((k) => k.startsWith(prefix) && /"breathless":true/.test(localStorage.getItem(k) ?? '')), DRAFT_PREFIX);
    await page.reload();
    await page.getByTestId('draft-restored').waitFor();
    await expect(page.getByLabel('Poids du jour (kg)').inputValue()).resolves.toBe('72,4');
    await page.getByRole('radiogroup', { name: 'Essoufflement inhabituel' }).getByRole('radio', { name: 'Oui', checked: true }).waitFor();
    await screenshot(page, 'questionnaires-draft-restored');
    await page.context().close();
  });

  it('shows a questionnaire in Arabic, right to left, with its mandatory fields in Arabic', async () => {
    const phq9 = (await tasksNow()).find((t) => t.reference === 'PHQ-9')!;
    const page = await patientPage(surveyPath(phq9, 'ar'));
    await page.getByRole('heading', { level: 1, name: 'استبيان صحة المريض (PHQ-9)' }).waitFor();
    const form = page.locator('[dir=rtl][lang=ar]').filter({ has: page.locator('form') }).first();
    await form.waitFor();
    await expect(form.evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('rtl');
    await page.getByRole('button', { name: 'إرسال إجاباتي' }).click();
    await page.getByText('هذا الحقل إلزامي').first().waitFor();
    await screenshot(page, 'questionnaires-phq9-arabic');
    // One message per unanswered question (rjsf-mantine also keeps a hidden copy for aria-describedby).
    await expect(page.locator('form').getByText('هذا الحقل إلزامي').locator('visible=true').count()).resolves.toBe(9);
    // The summary above the form names the nine questions, in Arabic, right to left.
    const summary = page.getByTestId('error-summary');
    await expect(summary.getAttribute('dir')).resolves.toBe('rtl');
    await expect(summary.getByRole('listitem').count()).resolves.toBe(9);
    // The labels start on the right.
    const label = page.getByText('الدرجة الإجمالية لـ PHQ-9 (من 0 إلى 27)');
    const box = (await label.boundingBox())!;
    const formBox = (await form.boundingBox())!;
    expect(formBox.x + formBox.width - (box.x + box.width)).toBeLessThan(40);
    await page.context().close();
  });

  it('shows a manager the questionnaire to validate, read-only, with its versions, and says validation is not offered', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page, gateway.url, 'manager', `/s/0/surveys/${assigned.formIds['POST-OP']}/validation`);
    await page.getByRole('heading', { level: 1, name: 'Suivi post-opératoire' }).waitFor();
    await page.getByText('Validation non disponible').waitFor();
    await expect(page.locator('input').and(page.getByLabel('Versions')).inputValue()).resolves.toMatch(/^Version 1, du /);
    expect(await page.getByLabel('Température (°C)').isDisabled()).toBe(true);
    await screenshot(page, 'questionnaires-validation');
    await context.close();
  });

  it('answers nothing for the patient and keeps what they typed: an untouched yes/no is refused on its question, numbers are not clamped or rounded', async () => {
    const hf = (await tasksNow()).find((t) => t.reference === 'HF-DAILY' && ['available', 'ongoing'].includes(t.status))!;
    const page = await patientPage(surveyPath(hf));
    const form = page.locator('form');
    await page.getByLabel('Poids du jour (kg)').waitFor();
    // No "Non" chosen for the patient (rjsf set required booleans to false).
    expect(await form.getByRole('radio', { checked: true }).count()).toBe(0);
    // 350 above the maximum of 300, 4,5 pillows in a whole-number question: kept as typed after leaving the field.
    await page.getByLabel('Poids du jour (kg)').fill('350');
    await page.getByLabel("Nombre d'oreillers pour dormir").fill('4,5');
    await page.getByLabel('Poids habituel (kg)').fill('70,5');
    await page.getByLabel('Poids habituel (kg)').blur();
    await expect(page.getByLabel('Poids du jour (kg)').inputValue()).resolves.toBe('350');
    await expect(page.getByLabel("Nombre d'oreillers pour dormir").inputValue()).resolves.toBe('4,5');
    await expect(page.getByLabel('Poids habituel (kg)').inputValue()).resolves.toBe('70,5');
    await expect(page.locator('[data-computed=weightGain]').textContent()).resolves.toBe('279,5\u00a0kg');

    const sent: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/form_responses')) sent.push(r.url()); });
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    await summary.getByText('4 réponses sont à corriger').waitFor();
    for (const title of ['Poids du jour (kg)', 'Essoufflement inhabituel', 'Chevilles gonflées', "Nombre d'oreillers pour dormir"]) {
      await summary.getByRole('link', { name: title }).waitFor();
    }
    // Each message on its question too.
    await expect(form.getByText('Ce champ est obligatoire').locator('visible=true').count()).resolves.toBe(2);
    await form.getByText('La valeur doit être inférieure ou égale à 300').first().waitFor();
    await form.getByText('Saisissez un nombre entier').first().waitFor();
    await expect(page.getByLabel('Poids du jour (kg)').inputValue()).resolves.toBe('350');
    await screenshot(page, 'questionnaires-refused-summary');
    // The summary's link takes the patient to the question.
    await summary.getByRole('link', { name: 'Chevilles gonflées' }).click();
    await expect(page.evaluate(() => document.activeElement?.id ?? '')).resolves.toMatch(/^root_swollenAnkles/);
    // The summary follows the answers: a question corrected leaves it without sending again.
    await page.getByRole('radiogroup', { name: 'Chevilles gonflées' }).getByRole('radio', { name: 'Non' }).check();
    await summary.getByText('3 réponses sont à corriger').waitFor();
    expect(await summary.getByRole('link', { name: 'Chevilles gonflées' }).count()).toBe(0);
    await page.getByLabel('Poids du jour (kg)').fill('72');
    await page.getByLabel('Poids du jour (kg)').blur();
    await summary.getByText('2 réponses sont à corriger').waitFor();
    expect(await summary.getByRole('link', { name: 'Poids du jour (kg)' }).count()).toBe(0);
    expect(sent).toEqual([]);
    await page.context().close();
  });

  it('writes dates the French way and in the session\'s time zone in an American browser elsewhere', async () => {
    const SESSION_ZONE = 'Pacific/Auckland';
    const context = await newContext(browser, { locale: 'en-US', timezoneId: 'America/New_York', viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => { if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'fr'); });
    const page = await context.newPage();
    await loginAs(page, gateway.url, 'patient.open', '/p/0/my-tasks');
    const setZone = (zone: string) => page.evaluate(async (selectedTimezone) => {
      const me = await fetch('/api/me');
      const res = await fetch('/api/me/timezone', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-csrf-token': me.headers.get('x-csrf-token') ?? '' }, body: JSON.stringify({ selectedTimezone }) });
      return res.status;
    }, zone);
    expect(await setZone(SESSION_ZONE)).toBe(204);
    try {
      await page.reload();
      const open = page.getByTestId('tasks-open');
      await open.waitFor();
      const all = (await tasksNow()) as (TaskOut & { endAt?: string; status: string; late: boolean })[];
      const first = all.find((t) => ['available', 'ongoing'].includes(t.status) && !t.late && t.endAt)!;
      // The limit date in the session's zone (Auckland), not the browser's (New York).
      await open.getByText(`À remplir avant le ${formatDateTime(first.endAt!, 'fr', SESSION_ZONE)}`).first().waitFor();
      expect(await open.getByText(formatDateTime(first.endAt!, 'fr', 'America/New_York')).count()).toBe(0);
      // At 390 px every button shows its whole label.
      const buttons = page.locator('[data-task-status] a');
      for (let i = 0; i < await buttons.count(); i++) {
        const cut = await buttons.nth(i).evaluate((el) => [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1));
        expect(cut, await buttons.nth(i).textContent() ?? '').toBe(false);
      }
      await screenshot(page, 'questionnaires-my-tasks-390');

      // A date question: typed day first, shown dd/mm/yyyy, with a calendar whose weeks start on Monday.
      const showcase = all.find((t) => t.reference === 'SCHEMA-SHOWCASE')!;
      await page.goto(`${gateway.url}${surveyPath(showcase)}`);
      const birth = page.getByLabel('Date de naissance');
      await birth.waitFor();
      await expect(birth.getAttribute('placeholder')).resolves.toBe('JJ/MM/AAAA');
      await birth.fill('01/11/1990');
      await page.getByRole('table').first().waitFor();
      const firstDay = await page.locator('table thead th').first().textContent();
      expect(firstDay?.toLowerCase()).toMatch(/^lu/);
      await screenshot(page, 'questionnaires-date-input');
      await page.keyboard.press('Escape');
      await page.getByLabel('Date de naissance').blur();
      await expect(birth.inputValue()).resolves.toBe('01/11/1990');
      // Not a date: refused on the question, and the field keeps showing what was typed (it showed
      // the last valid date again once sent, while the form held the typed text).
      await birth.fill('31/02/1990');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
      await page.locator('form').getByText('Saisissez une date valide').first().waitFor();
      await expect(birth.inputValue()).resolves.toBe('31/02/1990');
      await birth.blur();
      await expect(birth.inputValue()).resolves.toBe('31/02/1990');
      await screenshot(page, 'questionnaires-date-not-a-date');
    } finally {
      await setZone('automatic');
      await context.close();
    }
  });

  it('when older forms are late: answer the oldest first, or confirm and lose them', async () => {
    // Two days and two hours later: the first two daily heart-failure forms are late, the third is open.
    await gateway.advanceHours(50);
    const tasks = await tasksNow();
    const hf = tasks.filter((t) => t.reference === 'HF-DAILY' && t.occurrenceId).sort((a, b) => Date.parse(a.startAt!) - Date.parse(b.startAt!));
    expect(hf.slice(0, 3).map((t) => [t.status, t.late])).toEqual([['ongoing', true], ['available', true], ['available', false]]);

    const page = await patientPage();
    const late = page.getByTestId('tasks-late');
    await late.getByText('Suivi quotidien de l\'insuffisance cardiaque').first().waitFor();
    expect(await late.locator('[data-late]').count()).toBe(3);
    await screenshot(page, 'questionnaires-late-tasks');

    await page.goto(`${gateway.url}${surveyPath(hf[2]!)}`);
    await page.getByLabel('Poids du jour (kg)').fill('71');
    await page.getByRole('radiogroup', { name: 'Essoufflement inhabituel' }).getByRole('radio', { name: 'Non' }).check();
    await page.getByRole('radiogroup', { name: 'Chevilles gonflées' }).getByRole('radio', { name: 'Non' }).check();
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    const dialog = page.getByRole('dialog', { name: 'Questionnaires en retard' });
    await dialog.waitFor();
    await dialog.getByText('3 questionnaires plus anciens sont en retard').waitFor();
    await screenshot(page, 'questionnaires-late-dialog');

    // First choice: answer the oldest; what was typed here is kept.
    await dialog.getByRole('button', { name: 'Répondre au plus ancien' }).click();
    await page.waitForURL((url) => url.pathname === surveyPath(hf[0]!));
    await page.getByText('Questionnaire en retard').waitFor();
    await page.goBack();
    await page.getByTestId('draft-restored').waitFor();
    await expect(page.getByLabel('Poids du jour (kg)').inputValue()).resolves.toBe('71');

    // Second choice: continue, and the older late ones are lost.
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    await dialog.getByRole('button', { name: 'Continuer et les perdre' }).click();
    await page.waitForURL((url) => url.pathname === '/p/0/my-tasks');
    const after = await tasksNow();
    expect(after.filter((t) => hf.slice(0, 3).some((h) => h.occurrenceId === t.occurrenceId)).map((t) => t.status)).toEqual(['expired', 'expired', 'completed']);
    await page.context().close();
  });

  it('records that a caregiver answered, and shows it to the professional', async () => {
    const gad7 = (await tasksNow()).find((t) => t.reference === 'GAD-7')!;
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page, gateway.url, 'caregiver', surveyPath(gad7));
    const groups = page.locator('form [role=radiogroup]');
    await groups.first().waitFor();
    for (let i = 0; i < await groups.count(); i++) await groups.nth(i).getByRole('radio').nth(1).check();
    await expect(page.locator('[data-computed=total]').textContent()).resolves.toBe('7');
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    await page.waitForURL((url) => url.pathname === '/p/0/my-tasks');
    await context.close();

    const pro = await (await newContext(browser)).newPage();
    await loginAs(pro, gateway.url, 'prescriber', `/s/0/patient-file/${assigned.patientFileId}/questionnaires`);
    const row = pro.getByTestId('form-responses-list').getByRole('row').filter({ hasText: "Questionnaire d'anxiété généralisée (GAD-7)" });
    await row.getByText('Paul Martin').waitFor();
    await row.getByText('Rempli par un aidant').waitFor();
    await screenshot(pro, 'questionnaires-professional-list-caregiver');
    await row.getByRole('link').click();
    await pro.getByText('Rempli par un aidant').waitFor();
    await expect(pro.locator('[data-computed=total]').textContent()).resolves.toBe('7');
    await pro.context().close();
  });

  it("a response or a questionnaire one cannot open says 'not found' with a way home and no Retry, in fr, en and ar", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const [own] = await sendFreePhq9(gateway.url, assigned.patientFileId, assigned.formIds['PHQ-9']!, 1);
    const free = (await tasksNow()).find((t) => t.status === 'free')!;
    const cases: { account: string; path: string; shot: string }[] = [
      { account: 'patient.multi', path: `/p/0/health-path-history/form-responses/${own}`, shot: 'others-response' },
      { account: 'patient.open', path: `/p/0/health-path-history/form-responses/${unknown}`, shot: 'unknown-response' },
      { account: 'patient.open', path: `/p/0/survey-answers/${unknown}/free`, shot: 'unknown-form' },
      { account: 'patient.multi', path: `/p/0/survey-answers/${free.formId}/free`, shot: 'others-form' },
      { account: 'prescriber', path: `/s/0/patient-file/${assigned.patientFileId}/form-responses/${unknown}`, shot: 'professional-unknown-response' },
    ];
    for (const { account, path, shot } of cases) {
      const page = await (await newContext(browser)).newPage();
      await loginAs(page, gateway.url, account, path);
      // The app stores the account's language once it has started (patient.multi: Arabic): wait
      // for that, or it may land after the choice this test stores and win over it.
      await page.waitForFunction(() => localStorage.getItem('lang') !== null);
      for (const lang of NOT_FOUND_LANGUAGES) {
        await expectNotFound(page, `${gateway.url}${path}`, lang);
        if (shot === 'others-response' || lang === 'fr') await screenshot(page, `questionnaires-not-found-${shot}-${lang}`);
      }
      await page.locator('[data-error-kind]').getByRole('link').click();
      await page.waitForURL((url) => url.pathname === (account === 'prescriber' ? '/s/0' : '/p/0'));
      await page.context().close();
    }
  });

  it('says so when the free responses of the day are used up, with no invitation to retry, and keeps the answers and the draft', async () => {
    // Use up the quota (20 free responses of a questionnaire per file in 24 hours) through the API.
    await sendFreePhq9(gateway.url, assigned.patientFileId, assigned.formIds['PHQ-9']!, 20, { untilRefused: true });
    const phq9 = (await tasksNow()).find((t) => t.reference === 'PHQ-9' && t.status === 'free')!;
    const page = await patientPage(surveyPath(phq9));
    const groups = page.locator('form [role=radiogroup]');
    await groups.first().waitFor();
    for (let i = 0; i < await groups.count(); i++) await groups.nth(i).getByRole('radio').nth(1).check();
    await page.waitForFunction((prefix) => Object.keys(localStorage).some((k) => k.startsWith(prefix) && k.endsWith(':free')), DRAFT_PREFIX);
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    const problem = page.locator('[data-problem]');
    await problem.waitFor();
    expect(await problem.getAttribute('data-problem')).toBe('freeLimit');
    expect(await problem.innerText()).toContain('vous pourrez l\'envoyer demain');
    expect(await problem.innerText()).not.toMatch(/réessayez|Réessayer/i);
    expect(page.url()).toContain('/survey-answers/');
    for (let i = 0; i < await groups.count(); i++) expect(await groups.nth(i).getByRole('radio').nth(1).isChecked()).toBe(true);
    expect(await page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix) && k.endsWith(':free')).length, DRAFT_PREFIX)).toBe(1);
    await screenshot(page, 'questionnaires-free-limit');
    await page.context().close();
  });
});
