// @vitest-environment happy-dom
/**
 * The back office's indicators screen (issue 11 §1) as an administrator uses it, with the real
 * i18n, Mantine, TanStack Query and router, the API answered by a fake fetch: the list; a new
 * indicator with nothing preselected, a missing field said before sending, a default threshold
 * added (level, operator, mode, value), the numbers sent as typed; the server's refusal (a
 * reference value that is not whole) shown on its field; then saved; Arabic.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Indicator, InterventionLevel } from '../../../schemas/catalogue.ts';
import { IndicatorsPage } from '../../../client/features/catalogue/indicators-page.tsx';
import { CATALOGUE } from '../../../client/features/catalogue/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { renderStructureScreen } from '../../helpers/structure-screen.tsx';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

const EST = '00000000-0000-4000-8000-0000000000e1';
const VITALS = '00000000-0000-4000-8000-0000000000a1';
const KG = '00000000-0000-4000-8000-0000000000b1';
const URGENT = '00000000-0000-4000-8000-0000000000d1';
const WATCH = '00000000-0000-4000-8000-0000000000d2';
const structure = { id: EST, identifier: 'chu-azur', name: 'CHU Azur', professionalDirectoryEnabled: false, services: [] };
const levels: InterventionLevel[] = [
  { id: URGENT, establishmentId: EST, name: { fr: 'Urgence', en: 'Urgent', ar: 'عاجل' }, rank: 1, colour: 'red', inUse: true },
  { id: WATCH, establishmentId: EST, name: { fr: 'Vigilance', en: 'Watch', ar: 'يقظة' }, rank: 2, colour: 'pink', inUse: true },
];
const weight: Indicator = {
  id: '00000000-0000-4000-8000-0000000000f1', establishmentId: EST, reference: 'weight', name: { fr: 'Poids', en: 'Weight', ar: 'الوزن' },
  typeId: VITALS, unitId: KG, referenceValue: null, decimals: 1, molecularWeight: null, visibleToPatients: true, hasMeasures: true,
  plausibleMin: 0.5, plausibleMax: 500,
  boundaries: [{ id: '00000000-0000-4000-8000-0000000000c1', levelId: URGENT, operator: '>=', mode: 'RELATIVE', value: 3 }],
};

let calls: ReturnType<typeof fakeFetch>;
function serve(extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  calls = fakeFetch({
    [`GET /api/establishments/${EST}/indicators`]: { body: { data: [weight], totalItems: 1, page: 1, pageSize: 15 } },
    [`GET /api/establishments/${EST}/indicator_types`]: { body: [{ id: VITALS, establishmentId: EST, name: { fr: 'Constantes vitales', ar: 'العلامات الحيوية' }, inUse: true }] },
    [`GET /api/establishments/${EST}/units`]: { body: [{ id: KG, establishmentId: EST, ucumCode: 'kg', name: { fr: 'Kilogramme' }, symbol: 'kg', inUse: true }] },
    [`GET /api/establishments/${EST}/intervention_levels`]: { body: levels },
    ...extra,
  });
}
const posted = () => calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body!));

const mount = () => renderStructureScreen(<IndicatorsPage />, { structure, path: 'indicators' });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The field labelled `label` in `scope` (a required field's label ends with its mark). */
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${escape(label)}\\s*\\*?$`)) as HTMLInputElement;
/** Picks an option of a Mantine Select labelled `label` (inside `scope`). */
async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.click(field(scope, label));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}
const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(field(scope, label), { target: { value } });

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(CATALOGUE);
});
beforeEach(() => { configureApi({ language: () => i18n.language }); });
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('the indicators screen', () => {
  it('lists the indicators with their type, unit and thresholds', async () => {
    serve();
    mount();
    const row = (await screen.findByText('Poids')).closest('tr')!;
    expect(within(row).getByText('weight')).toBeTruthy();
    expect(await within(row).findByText('Constantes vitales')).toBeTruthy();
    expect(within(row).getByText('kg')).toBeTruthy();
    expect(within(row).getByText('1 seuil')).toBeTruthy();
  });

  it('creates an indicator with a default threshold: nothing preselected, numbers sent as typed, the server\'s refusal on its field', async () => {
    let answers = 0;
    serve({
      [`POST /api/establishments/${EST}/indicators`]: () => (++answers === 1
        ? { status: 400, body: { code: 'integer_required', message: 'Saisissez un nombre entier (serveur).', field: 'body.referenceValue' } }
        : { status: 201, body: { ...weight, id: '00000000-0000-4000-8000-0000000000f2', reference: 'dry_weight' } }),
    });
    mount();
    await screen.findByText('Poids');
    fireEvent.click(screen.getByRole('button', { name: 'Nouvel indicateur' }));
    const form = await screen.findByTestId('indicator-form');
    expect(field(form, 'Type').value).toBe('');
    expect(field(form, 'Unité').value).toBe('');

    // A missing field is said before anything is sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(form).findAllByText('Ce champ est obligatoire')).length).toBeGreaterThan(0);
    expect(posted()).toEqual([]);

    type(form, 'Référence', 'dry_weight');
    type(form, 'Nom (français)', 'Poids sec');
    await choose(form, 'Type', 'Constantes vitales');
    await choose(form, 'Unité', 'kg — Kilogramme');
    type(form, 'Valeur de référence', '80.5');
    type(form, 'Décimales affichées', '1');
    // The plausible range (issue 18): an empty one is said on the maximum before sending.
    type(form, 'Valeur plausible minimale', '300');
    type(form, 'Valeur plausible maximale', '300');
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Le maximum doit être supérieur au minimum.')).toBeTruthy();
    expect(posted()).toEqual([]);
    type(form, 'Valeur plausible minimale', '20,5');
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter un seuil' }));
    const threshold = within(form).getByRole('group', { name: 'Seuil 1' });
    await choose(threshold, 'Niveau', 'Vigilance');
    await choose(threshold, 'Opérateur', '≥ supérieure ou égale à');
    await choose(threshold, 'Mode', 'Relatif à la référence');
    type(threshold, 'Valeur', '2,5');
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(form).findByText('Saisissez un nombre entier (serveur).')).toBeTruthy();
    expect(posted()[0]).toEqual({
      reference: 'dry_weight', name: { fr: 'Poids sec' }, typeId: VITALS, unitId: KG, referenceValue: 80.5, decimals: 1, molecularWeight: null,
      visibleToPatients: false, plausibleMin: 20.5, plausibleMax: 300, boundaries: [{ levelId: WATCH, operator: '>=', mode: 'RELATIVE', value: 2.5 }],
    });

    type(form, 'Valeur de référence', '80');
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByTestId('indicator-form')).toBeNull());
    expect(posted()[1].referenceValue).toBe(80);
  });

  it('reads in Arabic', async () => {
    await switchLanguage('ar');
    serve();
    mount();
    expect(await screen.findByRole('heading', { name: 'المؤشرات' })).toBeTruthy();
    expect(await screen.findByText('الوزن')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'الوحدات' })).toBeTruthy();
  });
});
