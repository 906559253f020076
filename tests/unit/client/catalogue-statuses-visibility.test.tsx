// @vitest-environment happy-dom
/**
 * The back office's alert statuses and indicators visibility (issue 11 §1), with the real i18n,
 * Mantine, TanStack Query and router, the API answered by a fake fetch: levels with their alert
 * colour; a level name already used refused by the server on the name field (NOT_UNIQUE_ERROR on
 * body.name), the rank sent as typed; a level thresholds use cannot be deleted; the visibility
 * checklist saves each change at once with the whole checked set.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertStatusesPage } from '../../../client/features/catalogue/alert-statuses-page.tsx';
import { IndicatorsVisibilityPage } from '../../../client/features/catalogue/indicators-visibility-page.tsx';
import { CATALOGUE } from '../../../client/features/catalogue/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { renderStructureScreen } from '../../helpers/structure-screen.tsx';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

const EST = '00000000-0000-4000-8000-0000000000e1';
const CARDIO = '00000000-0000-4000-8000-0000000000a1';
const URGENT = '00000000-0000-4000-8000-0000000000d1';
const INFO = '00000000-0000-4000-8000-0000000000d3';
const WEIGHT = '00000000-0000-4000-8000-0000000000f1';
const SPO2 = '00000000-0000-4000-8000-0000000000f2';
const structure = { id: EST, identifier: 'chu-azur', name: 'CHU Azur', professionalDirectoryEnabled: false, services: [{ id: CARDIO, name: 'Cardiologie' }] };

let calls: ReturnType<typeof fakeFetch>;
function serve(extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  calls = fakeFetch({
    [`GET /api/establishments/${EST}/alert_statuses`]: { body: [{ id: '00000000-0000-4000-8000-0000000000b1', establishmentId: EST, name: { fr: 'Fausse alerte' }, closesAlert: true }] },
    [`GET /api/establishments/${EST}/intervention_levels`]: { body: [
      { id: URGENT, establishmentId: EST, name: { fr: 'Urgence' }, rank: 1, colour: 'red', inUse: true },
      { id: INFO, establishmentId: EST, name: { fr: 'Information' }, rank: 3, colour: 'blue', inUse: false },
    ] },
    [`GET /api/establishments/${EST}/intervention_levels/assignments`]: { body: [
      { personId: '00000000-0000-4000-8000-0000000000c1', firstName: 'Claire', lastName: 'Dubois', levelId: URGENT, serviceId: CARDIO, serviceName: 'Cardiologie' },
    ] },
    [`GET /api/establishments/${EST}/intervention_levels/professionals`]: { body: [] },
    [`GET /api/establishments/${EST}/indicators_visibility`]: { body: [
      { id: WEIGHT, reference: 'weight', name: { fr: 'Poids' }, visibleToPatients: true },
      { id: SPO2, reference: 'spo2', name: { fr: 'Saturation en oxygène' }, visibleToPatients: false },
    ] },
    ...extra,
  });
}
const sent = (method: string) => calls.filter((c) => c.method === method).map((c) => ({ url: c.url.split('?')[0], body: c.body && JSON.parse(c.body) }));

const mount = (page: ReactNode, path: string) => renderStructureScreen(page, { structure, path });

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(CATALOGUE);
});
beforeEach(() => { configureApi({ language: () => i18n.language }); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('alert statuses and levels', () => {
  it('shows each level\'s alert colour and who is called; a level in use cannot be deleted', async () => {
    serve();
    mount(<AlertStatusesPage />, 'alert-statuses');
    const levels = await screen.findByTestId('intervention-levels');
    const urgent = (await within(levels).findByText('Urgence')).closest('tr')!;
    expect(within(urgent).getByText('Rouge')).toBeTruthy();
    expect((within(urgent).getByRole('button', { name: 'Supprimer « Urgence »' }) as HTMLButtonElement).disabled).toBe(true);
    const info = within(levels).getByText('Information').closest('tr')!;
    expect((within(info).getByRole('button', { name: 'Supprimer « Information »' }) as HTMLButtonElement).disabled).toBe(false);
    const called = (await within(screen.getByTestId('level-assignments')).findByText('Claire Dubois')).closest('tr')!;
    expect(within(called).getByText('Cardiologie')).toBeTruthy();
    expect(within(called).getByRole('img', { name: 'Rouge' })).toBeTruthy();
  });

  it('a new level: nothing preselected, the rank sent as typed, a name already used said on the name field', async () => {
    serve({
      [`POST /api/establishments/${EST}/intervention_levels`]: { status: 409, body: { code: 'NOT_UNIQUE_ERROR', message: 'Ce nom est déjà utilisé (serveur).', field: 'body.name' } },
    });
    mount(<AlertStatusesPage />, 'alert-statuses');
    const levels = await screen.findByTestId('intervention-levels');
    fireEvent.click(within(levels).getByRole('button', { name: 'Nouveau niveau' }));
    const dialog = await screen.findByRole('dialog');
    const input = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(input(/^Rang/).value).toBe('');
    expect(input(/^Couleur d'alerte/).value).toBe('');
    fireEvent.change(input(/^Nom \(français\)/), { target: { value: 'urgence' } });
    fireEvent.change(input(/^Rang/), { target: { value: '4' } });
    fireEvent.click(input(/^Couleur d'alerte/));
    fireEvent.click(await screen.findByRole('option', { name: 'Vert', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Ce nom est déjà utilisé (serveur).')).toBeTruthy();
    expect(sent('POST')).toEqual([{ url: `/api/establishments/${EST}/intervention_levels`, body: { name: { fr: 'urgence' }, rank: 4, colour: 'green' } }]);
  });
});

describe('indicators visibility', () => {
  it('saves each change at once with the whole checked set, and says so', async () => {
    serve({
      [`PUT /api/establishments/${EST}/indicators_visibility`]: { body: [
        { id: WEIGHT, reference: 'weight', name: { fr: 'Poids' }, visibleToPatients: true },
        { id: SPO2, reference: 'spo2', name: { fr: 'Saturation en oxygène' }, visibleToPatients: true },
      ] },
    });
    mount(<IndicatorsVisibilityPage />, 'indicators-visibility');
    const spo2 = await screen.findByRole('checkbox', { name: /Saturation en oxygène/ });
    expect((screen.getByRole('checkbox', { name: /Poids/ }) as HTMLInputElement).checked).toBe(true);
    expect((spo2 as HTMLInputElement).checked).toBe(false);
    fireEvent.click(spo2);
    await waitFor(() => expect(sent('PUT')).toEqual([{ url: `/api/establishments/${EST}/indicators_visibility`, body: { visibleIndicatorIds: [WEIGHT, SPO2] } }]));
    expect(await screen.findByText('Enregistré')).toBeTruthy();
  });
});
