// @vitest-environment happy-dom
/**
 * The Questionnaires tab's list as a professional uses it (issue 10 §4), in a DOM with the real
 * i18n, Mantine and TanStack Query, the API answered by a fake fetch: each questionnaire with its
 * status and planning in words, exclude and restore only after a confirmation, assign from the
 * establishment's questionnaires not yet assigned, the own-planning form showing the server's
 * refusal on its field, a closed file read-only, and the same screen in Arabic.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileForm } from '../../../schemas/form-api.ts';
import { FileQuestionnaires } from '../../../client/features/questionnaires/file-questionnaires/file-questionnaires.tsx';
import { QUESTIONNAIRES } from '../../../client/features/questionnaires/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const FILE = '00000000-0000-4000-8000-0000000000f1';
const ESTABLISHMENT = '00000000-0000-4000-8000-00000000000a';
const HF = '00000000-0000-4000-8000-0000000000a1';
const PHQ = '00000000-0000-4000-8000-0000000000a2';
const GAD = '00000000-0000-4000-8000-0000000000a3';
const A_HF = '00000000-0000-4000-8000-0000000000b1';
const A_PHQ = '00000000-0000-4000-8000-0000000000b2';

const hf: FileForm = {
  id: A_HF, formId: HF, reference: 'HF-DAILY', name: 'Insuffisance cardiaque', submissionType: 'PLANNED', status: 'active',
  planning: { everyDays: 1, occurrences: 30, windowHours: 24, graceHours: 48, time: '09:00' }, overloaded: true,
  nextOccurrenceAt: '2026-11-24T08:00:00.000Z', lastAnsweredAt: null, lateCount: 2, assignedAt: '2026-11-20T08:00:00.000Z', excludedAt: null,
};
const phq: FileForm = {
  id: A_PHQ, formId: PHQ, reference: 'PHQ-9', name: 'PHQ-9', submissionType: 'FREE', status: 'excluded', planning: null, overloaded: false,
  nextOccurrenceAt: null, lastAnsweredAt: '2026-11-21T10:00:00.000Z', lateCount: 0, assignedAt: '2026-11-20T08:00:00.000Z', excludedAt: '2026-11-22T08:00:00.000Z',
};
const establishmentForms = [HF, PHQ, GAD].map((id, i) => ({ id, reference: ['HF-DAILY', 'PHQ-9', 'GAD-7'][i]!, name: ['Insuffisance cardiaque', 'PHQ-9', 'GAD-7'][i]!, submissionType: 'FREE', version: 1 }));
const assignment = (id: string, formId: string, extra: object = {}) => ({ body: { id, patientFileId: FILE, formId, active: true, overload: null, assignedAt: hf.assignedAt, excludedAt: null, ...extra } });

let calls: ReturnType<typeof fakeFetch>;
function serve(extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  calls = fakeFetch({
    [`GET /api/patient_files/${FILE}/forms`]: { body: { data: [hf, phq] } },
    [`GET /api/establishments/${ESTABLISHMENT}/forms`]: { body: { data: establishmentForms } },
    ...extra,
  });
}
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url.split('?')[0]);

function mount(readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts">
          <FileQuestionnaires patientFileId={FILE} establishmentId={ESTABLISHMENT} readOnly={readOnly} homeHref="/s/0" />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const row = async (name: string) => (await screen.findByText(name, { selector: 'p' })).closest('tr')!;

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(QUESTIONNAIRES);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the Questionnaires tab of a patient file', () => {
  it('lists each questionnaire with its status, planning in words, next occurrence, last answer and late count', async () => {
    serve();
    mount();
    const planned = await row('Insuffisance cardiaque');
    expect(within(planned).getByText('Actif')).toBeTruthy();
    expect(within(planned).getByText('Planification propre au dossier')).toBeTruthy();
    expect(within(planned).getByText('Tous les jours à 09:00, 30 fois, ouvert 24 h, rattrapable 48 h')).toBeTruthy();
    expect(within(planned).getByText('2 en retard')).toBeTruthy();
    expect(planned.textContent).toMatch(/24\/11\/2026.*09:00/);
    const free = await row('PHQ-9');
    expect(within(free).getByText('Exclu')).toBeTruthy();
    expect(within(free).getByText('Libre : rempli quand le patient le souhaite')).toBeTruthy();
    // Excluded: restore, no activate/deactivate, no own planning.
    expect(within(free).getByRole('button', { name: 'Rétablir' })).toBeTruthy();
    expect(within(free).queryByRole('button', { name: /Activer|Désactiver|Planification propre/ })).toBeNull();
  });

  it('excludes only once confirmed, saying what happens, and reloads the list', async () => {
    serve({ [`POST /api/patient_file_forms/${A_HF}/exclude`]: assignment(A_HF, HF, { excludedAt: '2026-11-23T10:00:00.000Z' }) });
    mount();
    fireEvent.click(within(await row('Insuffisance cardiaque')).getByRole('button', { name: 'Exclure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclure Insuffisance cardiaque ?' });
    expect(dialog.textContent).toMatch(/sort du plan du patient/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);

    fireEvent.click(within(await row('Insuffisance cardiaque')).getByRole('button', { name: 'Exclure' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(posts()).toEqual([`/api/patient_file_forms/${A_HF}/exclude`]));
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith(`/api/patient_files/${FILE}/forms`)).length).toBe(2));
  });

  it('restores after its own confirmation', async () => {
    serve({ [`POST /api/patient_file_forms/${A_PHQ}/restore`]: assignment(A_PHQ, PHQ) });
    mount();
    fireEvent.click(within(await row('PHQ-9')).getByRole('button', { name: 'Rétablir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rétablir PHQ-9 ?' });
    expect(dialog.textContent).toMatch(/ne sont pas rattrapées ni comptées en retard/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(posts()).toEqual([`/api/patient_file_forms/${A_PHQ}/restore`]));
  });

  it("assigns one of the establishment's questionnaires not yet assigned", async () => {
    serve({ [`POST /api/patient_files/${FILE}/forms/${GAD}`]: assignment('00000000-0000-4000-8000-0000000000b3', GAD) });
    mount();
    await row('Insuffisance cardiaque');
    const select = (await screen.findAllByLabelText('Questionnaire à attribuer')).find((el) => el.tagName === 'INPUT')!;
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.click(select);
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['GAD-7']);
    fireEvent.click(screen.getByRole('option', { name: 'GAD-7', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Attribuer' }));
    await waitFor(() => expect(posts()).toEqual([`/api/patient_files/${FILE}/forms/${GAD}`]));
  });

  it("puts the server's refusal of an own planning on its field", { timeout: 40_000 }, async () => {
    serve({
      [`POST /api/patient_file_forms/${A_HF}/overload`]: {
        status: 400, body: { code: 'planning_window_too_long', field: 'body.planning.windowHours', message: "La durée d'ouverture (30 h) doit être inférieure ou égale à l'intervalle entre deux occurrences (24 h)." },
      },
    });
    mount();
    fireEvent.click(within(await row('Insuffisance cardiaque')).getByRole('button', { name: 'Planification propre' }));
    // The form stack (rjsf) loads with the dialog, the first time it opens.
    const dialog = await screen.findByRole('dialog', { name: 'Planification propre de Insuffisance cardiaque' }, { timeout: 20_000 });
    const window = await within(dialog).findByLabelText(/Durée d'ouverture/, {}, { timeout: 5000 });
    expect((window as HTMLInputElement).value).toBe('24');
    fireEvent.change(window, { target: { value: '30' } });
    // Clicking the button leaves the field first, as in a browser.
    fireEvent.blur(window);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await within(dialog).findAllByText(/doit être inférieure ou égale à l'intervalle/);
    // On the field itself, not only in a list above the form.
    expect(window.closest('.mantine-InputWrapper-root')!.textContent).toMatch(/doit être inférieure ou égale à l'intervalle/);
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(sent.body!)).toEqual({ planning: { everyDays: 1, occurrences: 30, windowHours: 30, graceHours: 48, time: '09:00' } });
  });

  it('shows a closed file read-only: no action, no assignment', async () => {
    serve();
    mount(true);
    await row('Insuffisance cardiaque');
    expect(screen.getByText('Ce dossier est clôturé : ses questionnaires ne peuvent plus être modifiés.')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByLabelText('Questionnaire à attribuer')).toBeNull();
  });

  it('speaks Arabic: statuses, planning in words and actions', async () => {
    await switchLanguage('ar');
    serve();
    mount();
    const planned = await row('Insuffisance cardiaque');
    expect(within(planned).getByText('نشط')).toBeTruthy();
    expect(within(planned).getByText('كل يوم في الساعة 09:00، 30 مرة، مدة الفتح بالساعات: 24، مهلة قبول الإجابة المتأخرة بالساعات: 48')).toBeTruthy();
    expect(within(planned).getByText('2 متأخران')).toBeTruthy();
    expect(within(await row('PHQ-9')).getByRole('button', { name: 'استعادة' })).toBeTruthy();
  });
});
