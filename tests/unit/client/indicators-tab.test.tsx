// @vitest-environment happy-dom
/**
 * The indicators tab as a professional uses it (issue 11 §6), with the real i18n, Mantine and
 * TanStack Query, the API answered by a fake fetch: add a chart display (nothing preselected, the
 * period sent as typed, the server's refusal on its field, then sent again), edit a threshold of an
 * indicator (the file's thresholds sent whole), save the value table's settings (the first day
 * typed in the interface's order, sent as an ISO date); the table's values as stored, the alert
 * marked; the reference value's plausible range said and checked before sending; Arabic right to left.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomizableIndicator } from '../../../schemas/customizable-indicators.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import type { ValueTable } from '../../../schemas/value-tables.ts';
import { VALUE_TABLES } from '../../../client/blocks/value-tables/texts.ts';
import { IndicatorsTab } from '../../../client/features/indicators-tab/indicators-tab.tsx';
import { INDICATORS_TAB } from '../../../client/features/indicators-tab/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const FILE = '00000000-0000-4000-8000-0000000000f1';
const ESTABLISHMENT = '00000000-0000-4000-8000-0000000000f2';
const WEIGHT = '00000000-0000-4000-8000-0000000000a1';
const SYSTOLIC = '00000000-0000-4000-8000-0000000000a2';
const URGENT = { id: '00000000-0000-4000-8000-0000000000b1', name: { fr: 'Urgence', en: 'Emergency', ar: 'طوارئ' }, rank: 1, colour: 'red' as const };
const WATCH = { id: '00000000-0000-4000-8000-0000000000b2', name: { fr: 'Vigilance', en: 'Watch', ar: 'يقظة' }, rank: 2, colour: 'pink' as const };

const weight: CustomizableIndicator = {
  id: WEIGHT, reference: 'weight', name: { fr: 'Poids', en: 'Weight', ar: 'الوزن' }, unit: { code: 'kg', symbol: 'kg' }, decimals: 1, plausible: { min: 0.5, max: 500 }, visibleToPatients: true,
  lastValue: { value: 71.4, measuredAt: '2026-11-20T07:00:00.000Z' },
  boundaries: [{ id: '00000000-0000-4000-8000-0000000000e1', origin: 'default', operator: '>=', mode: 'RELATIVE', value: 3, threshold: 73, level: URGENT, state: 'active' }],
  defaults: [], inactiveBoundaries: 0, origin: 'default', referenceValue: { value: 70, origin: 'file' }, nonComplianceRules: [{ id: '00000000-0000-4000-8000-0000000000e9', periodInDays: 3 }],
};
const systolic: CustomizableIndicator = {
  id: SYSTOLIC, reference: 'systolic', name: { fr: 'Pression artérielle systolique', en: 'Systolic blood pressure', ar: 'ضغط الدم الانقباضي' },
  unit: { code: 'mm[Hg]', symbol: 'mmHg' }, decimals: 0, plausible: { min: 30, max: 300 }, visibleToPatients: true, lastValue: null,
  boundaries: [
    { id: '00000000-0000-4000-8000-0000000000e2', origin: 'default', operator: '>=', mode: 'ABSOLUTE', value: 180, threshold: 180, level: URGENT, state: 'active' },
    { id: '00000000-0000-4000-8000-0000000000e3', origin: 'default', operator: '>=', mode: 'ABSOLUTE', value: 160, threshold: 160, level: WATCH, state: 'active' },
  ],
  defaults: [], inactiveBoundaries: 0, origin: 'default', referenceValue: null, nonComplianceRules: [],
};
const table: ValueTable = {
  from: '2026-11-09', to: '2026-11-10', timeZone: 'Europe/Paris',
  indicators: [{ id: WEIGHT, reference: 'weight', name: weight.name, unitSymbol: 'kg', decimals: 1 }],
  rows: [
    { date: '2026-11-10', cells: [[
      { id: '00000000-0000-4000-8000-0000000000c1', value: 70.25, measuredAt: '2026-11-10T07:00:00.000Z', alertColour: null, enteredInError: null },
      { id: '00000000-0000-4000-8000-0000000000c2', value: 73.125, measuredAt: '2026-11-10T18:00:00.000Z', alertColour: 'red', enteredInError: null },
    ]] },
    { date: '2026-11-09', cells: [[]] },
  ],
};

let calls: ReturnType<typeof fakeFetch>;
function serve(extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  calls = fakeFetch({
    [`GET /api/patient_files/${FILE}/chart_displays`]: { body: { data: [] } },
    [`GET /api/patient_files/${FILE}/customizable_indicators`]: { body: { data: [weight, systolic], totalItems: 2, page: 1, pageSize: 100 } },
    [`GET /api/patient_files/${FILE}/indicator_values_table_settings`]: { body: { indicators: [], startDate: null } },
    [`GET /api/patient_files/${FILE}/indicator_values_table`]: { body: table },
    [`GET /api/patient_files/${FILE}/indicator_non_observance_rules`]: { body: [] },
    [`GET /api/establishments/${ESTABLISHMENT}/intervention_levels`]: { body: [URGENT, WATCH].map((l) => ({ ...l, establishmentId: ESTABLISHMENT, inUse: true })) },
    ...extra,
  });
}
const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path).map((c) => JSON.parse(c.body ?? 'null'));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><IndicatorsTab file={{ id: FILE, status: 'OPEN', service: { id: FILE, name: 'Cardiologie', establishment: { id: ESTABLISHMENT, name: 'CHU' } } } as unknown as PatientFileSummary} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function pick(scope: HTMLElement, label: string | RegExp, option: string | RegExp) {
  fireEvent.click(within(scope).getByLabelText(label, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces([INDICATORS_TAB, VALUE_TABLES]);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests({ id: '00000000-0000-4000-8000-0000000000d1', firstName: 'Claire', lastName: 'Dubois' });
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the indicators tab', () => {
  it('adds a chart display: nothing preselected, the period sent as typed, the server\'s refusal on its field', async () => {
    let attempts = 0;
    serve({
      [`POST /api/patient_files/${FILE}/chart_displays`]: () => (++attempts === 1
        ? { status: 400, body: { code: 'value_out_of_range', message: 'Saisissez une valeur entre 1 et 365.', field: 'body.periodDays' } }
        : { status: 201, body: {} }),
    });
    mount();
    expect(await screen.findByText('Aucun graphique pour l\'instant.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un graphique' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: /Période/ }) as HTMLInputElement).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Choisissez au moins un indicateur.')).toBeTruthy();
    expect(sent('POST', `/api/patient_files/${FILE}/chart_displays`)).toEqual([]);

    await pick(dialog, /Indicateurs/, 'Poids (kg)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Titre/ }), { target: { value: 'Poids du matin' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Période/ }), { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Saisissez une valeur entre 1 et 365.')).toBeTruthy();
    expect(sent('POST', `/api/patient_files/${FILE}/chart_displays`)).toEqual([
      { title: 'Poids du matin', indicatorIds: [WEIGHT], chartType: 'line', periodDays: 400, visibleToPatient: false },
    ]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Période/ }), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'L\'afficher aussi au patient' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', `/api/patient_files/${FILE}/chart_displays`)[1]).toEqual(
      { title: 'Poids du matin', indicatorIds: [WEIGHT], chartType: 'line', periodDays: 30, visibleToPatient: true },
    );
  }, 90_000); // Mantine's combobox and two modals under happy-dom: 8 s alone, past 30 s on the loaded machine

  it('shows the thresholds in force with their origin, and edits one: the file\'s thresholds sent whole', async () => {
    serve({ [`PUT /api/patient_files/${FILE}/indicators/${SYSTOLIC}/boundaries`]: { body: {} } });
    mount();
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('tr[data-indicator="systolic"]');
      if (!found) throw new Error('the thresholds are not shown yet');
      return found;
    });
    expect(within(row).getAllByText('Par défaut')).toHaveLength(2);
    const weightRow = document.querySelector<HTMLElement>('tr[data-indicator="weight"]')!;
    expect(weightRow.textContent).toContain('sans valeur depuis 3 jours');
    expect(weightRow.textContent).toContain('70 (ce dossier)');

    fireEvent.click(within(row).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    const values = within(dialog).getAllByRole('textbox', { name: /Valeur \(mmHg\)/ });
    fireEvent.change(values[0]!, { target: { value: '170' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer les seuils' }));
    await waitFor(() => expect(sent('PUT', `/api/patient_files/${FILE}/indicators/${SYSTOLIC}/boundaries`)).toEqual([{
      boundaries: [
        { levelId: URGENT.id, operator: '>=', mode: 'ABSOLUTE', value: 170 },
        { levelId: WATCH.id, operator: '>=', mode: 'ABSOLUTE', value: 160 },
      ],
    }]));
  });

  it('says the reference value\'s plausible range under it and refuses 6450, 0 and −3 kg before sending; 72,5 kg is sent', async () => {
    serve({ [`POST /api/patient_files/${FILE}/reference-value`]: { status: 201, body: {} } });
    mount();
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('tr[data-indicator="weight"]');
      if (!found) throw new Error('the thresholds are not shown yet');
      return found;
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Entre 0,5 et 500 kg')).toBeTruthy();
    const input = within(dialog).getByRole('textbox', { name: /Valeur de référence \(kg\)/ });
    for (const typed of ['6450', '0', '-3']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la valeur de référence' }));
      expect(await within(dialog).findByText('Cette valeur n’est pas plausible : saisissez une valeur entre 0,5 et 500 kg.')).toBeTruthy();
    }
    expect(sent('POST', `/api/patient_files/${FILE}/reference-value`)).toEqual([]);
    fireEvent.change(input, { target: { value: '72,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la valeur de référence' }));
    await waitFor(() => expect(sent('POST', `/api/patient_files/${FILE}/reference-value`)).toEqual([{ indicatorId: WEIGHT, value: 72.5 }]));
  });

  it('says which thresholds are inactive (no reference value) and which defaults a customised file no longer applies', async () => {
    const inactiveWeight: CustomizableIndicator = {
      ...weight, referenceValue: null, inactiveBoundaries: 1,
      boundaries: [{ ...weight.boundaries[0]!, threshold: null, state: 'inactive', inactiveReason: 'no_reference_value' }],
    };
    const customised: CustomizableIndicator = {
      ...systolic, origin: 'file',
      boundaries: [{ id: '00000000-0000-4000-8000-0000000000e7', origin: 'file', operator: '>=', mode: 'ABSOLUTE', value: 150, threshold: 150, level: WATCH, state: 'active' }],
      defaults: systolic.boundaries,
    };
    serve({ [`GET /api/patient_files/${FILE}/customizable_indicators`]: { body: { data: [inactiveWeight, customised], totalItems: 2, page: 1, pageSize: 100 } } });
    mount();
    const weightRow = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('tr[data-indicator="weight"]');
      if (!found) throw new Error('the thresholds are not shown yet');
      return found;
    });
    expect(within(weightRow).getByText('Inactif : pas de valeur de référence')).toBeTruthy();
    expect(within(weightRow).getByText('1 seuil inactif : saisissez une valeur de référence (Modifier).')).toBeTruthy();
    const systolicRow = document.querySelector<HTMLElement>('tr[data-indicator="systolic"]')!;
    const notApplied = within(systolicRow).getByTestId('defaults-not-applied');
    expect(notApplied.textContent).toContain('Seuils par défaut qui ne s’appliquent plus à ce dossier');
    expect(notApplied.textContent).toContain('Urgence');
    expect(notApplied.textContent).toContain('180');
    expect(within(systolicRow).queryByText('Inactif : pas de valeur de référence')).toBeNull();
  });

  it('the editor starts from the thresholds in force, and removing the most urgent level asks before saving', async () => {
    serve({ [`PUT /api/patient_files/${FILE}/indicators/${SYSTOLIC}/boundaries`]: { body: {} } });
    mount();
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('tr[data-indicator="systolic"]');
      if (!found) throw new Error('the thresholds are not shown yet');
      return found;
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('textbox', { name: /Valeur \(mmHg\)/ }).map((i) => (i as HTMLInputElement).value)).toEqual(['180', '160']);
    expect(within(dialog).getByText(/remplacent tous les seuils par défaut/)).toBeTruthy();
    // Remove the Urgence row: saving asks first, and going back sends nothing.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Retirer' })[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer les seuils' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retirer le niveau « Urgence » ?' });
    expect(confirm.textContent).toContain('plus aucune valeur de Pression artérielle systolique ne déclenchera d’alerte « Urgence »');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revenir aux seuils' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Retirer le niveau « Urgence » ?' })).toBeNull());
    expect(sent('PUT', `/api/patient_files/${FILE}/indicators/${SYSTOLIC}/boundaries`)).toEqual([]);
    // Confirmed: sent as it is.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer les seuils' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Retirer le niveau « Urgence » ?' })).getByRole('button', { name: 'Enregistrer sans « Urgence »' }));
    await waitFor(() => expect(sent('PUT', `/api/patient_files/${FILE}/indicators/${SYSTOLIC}/boundaries`)).toEqual([{
      boundaries: [{ levelId: WATCH.id, operator: '>=', mode: 'ABSOLUTE', value: 160 }],
    }]));
  }, 60_000);

  it('lists every value of a day as stored with the alert marked, and saves the table settings', async () => {
    serve({ [`PUT /api/patient_files/${FILE}/indicator_values_table_settings`]: { body: { indicators: [], startDate: '2026-11-01' } } });
    mount();
    const tableEl = await screen.findByTestId('value-table');
    const day = tableEl.querySelector('[data-date="2026-11-10"]')!;
    expect(day.textContent).toContain('70,25');
    expect(day.textContent).toContain('73,125');
    expect(within(day as HTMLElement).getByText('a déclenché une alerte')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Premier jour' }), { target: { value: '01/11/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les réglages' }));
    await waitFor(() => expect(sent('PUT', `/api/patient_files/${FILE}/indicator_values_table_settings`)).toEqual([{ indicators: [], startDate: '2026-11-01' }]));
  });

  it('adds a non-compliance rule at the level chosen, and says each rule\'s level (the least urgent by default)', async () => {
    const rule = (id: string, level: typeof WATCH | null) => ({
      id, patientFileId: FILE, indicators: [{ id: WEIGHT, reference: 'weight', name: weight.name }], periodInDays: 3, level,
      active: true, excludedAt: null, overridden: false, protocol: null, createdAt: '2026-11-20T07:00:00.000Z', updatedAt: null,
    });
    serve({
      [`GET /api/patient_files/${FILE}/indicator_non_observance_rules`]: { body: [rule('00000000-0000-4000-8000-0000000000e7', null), rule('00000000-0000-4000-8000-0000000000e8', WATCH)] },
      [`POST /api/patient_files/${FILE}/indicator_non_observance_rules`]: { status: 201, body: {} },
    });
    mount();
    expect(await screen.findByText('Niveau le moins urgent (par défaut)', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.getByText('Niveau : Vigilance')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Ajouter une règle' });
    // The rule's own list (other lists of the tab name the same indicators).
    const indicatorsInput = within(form).getByLabelText(/Indicateurs/, { selector: 'input' });
    fireEvent.click(indicatorsInput);
    await waitFor(() => expect(indicatorsInput.getAttribute('aria-controls')).toBeTruthy());
    fireEvent.click(await within(document.getElementById(indicatorsInput.getAttribute('aria-controls')!)!).findByRole('option', { name: 'Poids', hidden: true }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Jours sans valeur/ }), { target: { value: '3' } });
    await pick(form, 'Niveau des alertes', 'Urgence');
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter la règle' }));
    await waitFor(() => expect(sent('POST', `/api/patient_files/${FILE}/indicator_non_observance_rules`)).toEqual([{ indicators: [WEIGHT], periodInDays: 3, levelId: URGENT.id }]));
  });

  it('reads in Arabic', async () => {
    await switchLanguage('ar');
    await i18n.loadNamespaces([INDICATORS_TAB, VALUE_TABLES]);
    serve();
    mount();
    expect(await screen.findByRole('heading', { name: 'المؤشرات' })).toBeTruthy();
    expect(await screen.findByText('الوزن', { selector: 'th' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'جدول القيم' })).toBeTruthy();
  });
});
