// @vitest-environment happy-dom
/**
 * The History tab of the patient file (issue 10 §4) as a professional reads it, in a DOM with the
 * real i18n, Mantine, TanStack Query and react-router, the API answered by a fake fetch: one
 * sentence per kind with its payload's detail, who and on whose behalf, the platform for
 * automatic entries, a generic label for a kind without a sentence, the address's filters and
 * page sent to the server, and the same tab in Arabic. And the rule for whoever adds a kind to
 * schemas/history.ts: every kind has its sentence in fr, en and ar, with the same parameters.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_KINDS } from '../../../schemas/history.ts';
import type { HistoryEntry } from '../../../schemas/patient-file-history.ts';
import HistoryTab from '../../../client/features/patient-file-history/history-tab.tsx';
import { groupedKinds } from '../../../client/lib/history/sentences.ts';
import { PATIENT_FILE_HISTORY } from '../../../client/lib/history/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch } from './fake-fetch.ts';

const FILE = '00000000-0000-4000-8000-0000000000f1';
const PAUL = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Paul Martin' };
const CAMILLE = { id: '00000000-0000-4000-8000-0000000000a2', name: 'Camille Martin' };
const CLAIRE = { id: '00000000-0000-4000-8000-0000000000a3', name: 'Claire Dubois' };

const entry = (n: number, kind: string, payload: Record<string, unknown>, actor: HistoryEntry['actor'] = CLAIRE, onBehalfOf: HistoryEntry['onBehalfOf'] = null): HistoryEntry => ({
  id: `00000000-0000-4000-8000-00000000010${n}`, kind: kind as HistoryEntry['kind'], occurredAt: `2025-03-30T0${n}:15:00.000Z`, payload, actor, onBehalfOf,
});
const ENTRIES = [
  entry(9, 'FORM_ASSIGNED', { formId: 'x', reference: 'Qualité de vie' }),
  entry(8, 'FILE_CLOSED', { closingReasonType: 'TRANSFERRED', closingReason: 'CHU de Nice', previousStatus: 'OPEN' }),
  entry(7, 'IDENTITY_VERIFIED', { status: 'QUALIFIED', previousStatus: 'PROVISIONAL' }),
  entry(6, 'FORM_RESPONSE', { formResponseId: 'r', formId: 'x' }, PAUL, CAMILLE),
  entry(5, 'FILE_CLOSED_AUTOMATICALLY', { closingReasonType: 'END_OF_FOLLOW_UP' }, null),
  entry(4, 'A_KIND_FROM_TOMORROW', {}),
  entry(3, 'PROFILE_UPDATED', { created: true }),
  entry(2, 'MEASURE_ENTERED_IN_ERROR', { measureId: 'm', name: { fr: 'Poids', en: 'Weight', ar: 'الوزن' }, value: 750.5, unit: 'kg', closedAlerts: 1 }),
  entry(1, 'ALERT_CLOSED_AUTOMATICALLY', { alertId: 'a', systemStatus: 'ENTERED_IN_ERROR' }),
  entry(1, 'CAREGIVER_ADDED', { userId: 'u', name: 'Paul Martin', newAccount: false }),
  entry(2, 'REFERENCE_VALUE_CREATED', { indicatorId: 'w', indicatorName: { fr: 'Poids', en: 'Weight', ar: 'الوزن' }, unit: 'kg', value: 81.4, referenceValueId: 'r' }),
];

let calls: ReturnType<typeof fakeFetch>;
const historyCalls = () => calls.filter((c) => c.url.startsWith(`/api/patient_files/${FILE}/history`)).map((c) => new URL(c.url, 'http://x').searchParams);

function mount(address = '/history') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/history', element: <HistoryTab file={{ id: FILE }} structureIndex={0} /> }], { initialEntries: [address] });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><RouterProvider router={router} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
/** The table's row saying this (the kinds filter's options say some of the same words). */
const rowOf = async (text: string | RegExp) => (await within(await screen.findByRole('table')).findByText(text)).closest('tr')!;

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(PATIENT_FILE_HISTORY);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
  calls = fakeFetch({ [`GET /api/patient_files/${FILE}/history`]: { body: { data: ENTRIES, totalItems: 40, page: 1, pageSize: 15 } } });
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the History tab', () => {
  it('says each entry as a sentence of its kind, with who did it and for whom, at the time of the user’s time zone', async () => {
    mount();
    const assigned = await rowOf('Questionnaire « Qualité de vie » attribué');
    expect(within(assigned).getByText('Claire Dubois')).toBeTruthy();
    // 09:15 UTC on 30 March 2025 is 11:15 in Paris (summer time since that night).
    expect(assigned.textContent).toMatch(/30\/03\/2025.*11:15/);
    expect(await rowOf('Dossier clôturé : Transfert — CHU de Nice')).toBeTruthy();
    expect(await rowOf('Identité vérifiée : Qualifiée')).toBeTruthy();
    const response = await rowOf('Questionnaire rempli');
    expect(within(response).getByText('Paul Martin pour Camille Martin')).toBeTruthy();
    const automatic = await rowOf('Dossier clôturé automatiquement (date de fin passée)');
    expect(within(automatic).getByText('Automatique (plateforme)')).toBeTruthy();
    expect(await rowOf('Événement du dossier')).toBeTruthy();
    expect(await rowOf('Patient créé')).toBeTruthy();
    // A value entered in error: the indicator's name in the reader's language, the value in its digits (issue 18).
    expect(await rowOf('Valeur marquée comme saisie erronée : Poids 750,5 kg')).toBeTruthy();
    expect(await rowOf('Alerte clôturée automatiquement : valeur saisie par erreur')).toBeTruthy();
    expect(await rowOf('Aidant ajouté : Paul Martin')).toBeTruthy();
    // A reference value says its indicator, value and unit (issue 18), who set it beside.
    const reference = await rowOf('Valeur de référence de Poids fixée à 81,4 kg');
    expect(within(reference).getByText('Claire Dubois')).toBeTruthy();
  });

  it('asks the server for the address’s page, kinds and period (a reversed period put in order)', async () => {
    mount('/history?kinds=NOTE_ADDED&kinds=FILE_CLOSED&kinds=NOT_A_KIND&from=2025-03-31&to=2025-03-30&page=3');
    await rowOf('Patient créé');
    const params = historyCalls().at(-1)!;
    expect(params.getAll('kinds')).toEqual(['NOTE_ADDED', 'FILE_CLOSED']);
    expect([params.get('from'), params.get('to'), params.get('page'), params.get('pageSize')]).toEqual(['2025-03-30', '2025-03-31', '3', '15']);
    expect(params.has('sort')).toBe(false);
  });

  it('reads right to left in Arabic, with the same sentences', async () => {
    await switchLanguage('ar');
    mount();
    expect(await rowOf('تم إسناد الاستبيان «Qualité de vie»')).toBeTruthy();
    const response = await rowOf('تمت الإجابة على استبيان');
    expect(within(response).getByText('Paul Martin نيابةً عن Camille Martin')).toBeTruthy();
    expect(await rowOf(/^عُلّمت قيمة على أنها أُدخلت عن طريق الخطأ: الوزن \u2068(750\.5|٧٥٠٫٥) kg\u2069$/)).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('every kind of schemas/history.ts has its sentence', () => {
  const locales = Object.fromEntries(['fr', 'en', 'ar'].map((language) => [language,
    JSON.parse(readFileSync(path.resolve('client/lib/history/locales', `${language}.json`), 'utf8')).patientFileHistory as { kinds: Record<string, string>; groups: Record<string, string> }]));
  const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it.each(HISTORY_KINDS)('%s in fr, en and ar (add it to client/lib/history/locales when you add a kind)', (kind) => {
    for (const language of ['fr', 'en', 'ar']) expect(locales[language]!.kinds[kind], `${language}: patientFileHistory.kinds.${kind}`).toBeTruthy();
  });

  it('the three languages have the same sentences with the same parameters', () => {
    const keys = Object.keys(locales.fr!.kinds).sort();
    for (const language of ['en', 'ar']) {
      expect(Object.keys(locales[language]!.kinds).sort()).toEqual(keys);
      for (const key of keys) expect(params(locales[language]!.kinds[key]!), `${language} ${key}`).toEqual(params(locales.fr!.kinds[key]!));
    }
  });

  it('every kind falls in one group of the filter, and every group is named', () => {
    const groups = groupedKinds(HISTORY_KINDS);
    expect(groups.flatMap((g) => g.kinds).sort()).toEqual([...HISTORY_KINDS].sort());
    for (const { group } of groups) for (const language of ['fr', 'en', 'ar']) expect(locales[language]!.groups[group]).toBeTruthy();
  });
});
