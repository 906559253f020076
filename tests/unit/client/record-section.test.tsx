// @vitest-environment happy-dom
/**
 * The one reference-catalogue pattern (lib/ui/record-section + lib/api/records.ts), through two of
 * its kinds with the real i18n, Mantine, TanStack Query and router, the API answered by a fake
 * fetch: identity-document types (a plain label, routes under the establishment) and units (a name
 * in three languages, routes by the unit's id). A 409 NOT_UNIQUE_ERROR shows on the label or name
 * field, each change calls the kind's own contract with its parameters, a record in use cannot be
 * deleted (and the server's refusal is shown if it comes anyway), and the list says loading,
 * failed (with Retry) and empty.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnitsSection } from '../../../client/features/catalogue/type-and-unit-sections.tsx';
import { CATALOGUE } from '../../../client/features/catalogue/texts.ts';
import { Component as DocumentTypesPage } from '../../../client/features/identity/document-types-page.tsx';
import { IDENTITY } from '../../../client/features/identity/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { RECORDS } from '../../../client/lib/ui/record-section/texts.ts';
import { renderStructureScreen } from '../../helpers/structure-screen.tsx';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

const EST = '00000000-0000-4000-8000-0000000000e1';
const PASSPORT = '00000000-0000-4000-8000-0000000000b1';
const ID_CARD = '00000000-0000-4000-8000-0000000000b2';
const KG = '00000000-0000-4000-8000-0000000000c1';
const structure = { id: EST, identifier: 'chu-azur', name: 'CHU Azur', professionalDirectoryEnabled: false, services: [] };
const TYPES = `/api/establishments/${EST}/identity_document_types`;
const types = [
  { id: ID_CARD, establishmentId: EST, label: "Carte d'identité", inUse: true },
  { id: PASSPORT, establishmentId: EST, label: 'Passeport', inUse: false },
];

let calls: ReturnType<typeof fakeFetch>;
/** The page's other section (values received) reads its settings too: answered, so that only the catalogue's alerts show. */
const MEASURE_SETTINGS = { [`GET /api/establishments/${EST}/measure_settings`]: { body: { lateMeasureMaxDays: null, measureCorrectionMinutes: 15 } } };
const serve = (routes: Record<string, FakeAnswer | (() => FakeAnswer)>) => { calls = fakeFetch({ ...MEASURE_SETTINGS, ...routes }); };
const sent = (method: string) => calls.filter((c) => c.method === method).map((c) => ({ url: c.url.split('?')[0], body: c.body && JSON.parse(c.body) }));
const mountTypes = () => renderStructureScreen(<DocumentTypesPage />, { structure, path: 'structure' });
const notUnique = (field: string) => ({ status: 409, body: { code: 'NOT_UNIQUE_ERROR', message: 'Déjà utilisé (serveur).', field } });

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces([CATALOGUE, IDENTITY, RECORDS]);
});
beforeEach(() => { configureApi({ language: () => i18n.language }); });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('a catalogue of plain labels (identity-document types)', () => {
  it('a label already used is said on the label field, and nothing is added', async () => {
    serve({ [`GET ${TYPES}`]: { body: types }, [`POST ${TYPES}`]: notUnique('body.label') });
    mountTypes();
    const section = await screen.findByTestId('identity-document-types');
    await within(section).findByText('Passeport');
    fireEvent.click(within(section).getByRole('button', { name: 'Nouveau type' }));
    const dialog = await screen.findByRole('dialog');
    const label = within(dialog).getByLabelText(/^Libellé/) as HTMLInputElement;
    expect(label.value).toBe('');
    fireEvent.change(label, { target: { value: 'passeport' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Déjà utilisé (serveur).')).toBeTruthy();
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST')).toEqual([{ url: TYPES, body: { label: 'passeport' } }]);
  });

  it('an empty form is said on its field before sending, from the contract\'s schema: nothing is posted (issue 18)', async () => {
    serve({ [`GET ${TYPES}`]: { body: types }, [`POST ${TYPES}`]: { status: 201, body: types[1] } });
    mountTypes();
    const section = await screen.findByTestId('identity-document-types');
    await within(section).findByText('Passeport');
    fireEvent.click(within(section).getByRole('button', { name: 'Nouveau type' }));
    const dialog = await screen.findByRole('dialog');
    const label = within(dialog).getByLabelText(/^Libellé/) as HTMLInputElement;
    fireEvent.change(label, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire')).toBeTruthy();
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST')).toEqual([]);
  });

  it('renames through the establishment\'s route, and the list is read again', async () => {
    let renamed = false;
    serve({
      [`GET ${TYPES}`]: () => ({ body: renamed ? [types[0], { ...types[1], label: 'Passeport biométrique' }] : types }),
      [`PUT ${TYPES}/${PASSPORT}`]: () => { renamed = true; return { body: { ...types[1], label: 'Passeport biométrique' } }; },
    });
    mountTypes();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier « Passeport »' }));
    const dialog = await screen.findByRole('dialog');
    const label = within(dialog).getByLabelText(/^Libellé/) as HTMLInputElement;
    expect(label.value).toBe('Passeport');
    fireEvent.change(label, { target: { value: 'Passeport biométrique' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Passeport biométrique')).toBeTruthy();
    expect(sent('PUT')).toEqual([{ url: `${TYPES}/${PASSPORT}`, body: { label: 'Passeport biométrique' } }]);
  });

  it('a type in use cannot be deleted; a refusal that comes anyway is shown', async () => {
    serve({
      [`GET ${TYPES}`]: { body: types },
      [`DELETE ${TYPES}/${PASSPORT}`]: { status: 409, body: { code: 'identity_document_type_in_use', message: 'Des justificatifs utilisent ce type (serveur).' } },
    });
    mountTypes();
    const inUse = await screen.findByRole('button', { name: "Supprimer « Carte d'identité »" }) as HTMLButtonElement;
    expect(inUse.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer « Passeport »' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Des justificatifs utilisent ce type (serveur).');
    expect(sent('DELETE')).toEqual([{ url: `${TYPES}/${PASSPORT}`, body: undefined }]);
  });

  it('says nothing yet when the list is empty', async () => {
    serve({ [`GET ${TYPES}`]: { body: [] } });
    mountTypes();
    expect(await screen.findByText('Aucun type pour l\'instant.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says loading, then a failure with Retry that reads the list again', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; })));
    mountTypes();
    expect(await screen.findByLabelText('Chargement')).toBeTruthy();
    answer(new Response(JSON.stringify({ code: 'internal_error', message: 'Erreur' }), { status: 500, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText('Le chargement a échoué')).toBeTruthy();
    expect(screen.queryByLabelText('Chargement')).toBeNull();
    serve({ [`GET ${TYPES}`]: { body: types } });
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Passeport')).toBeTruthy();
  });
});

describe('a catalogue of names in three languages (units)', () => {
  it('a name already used is said on the French name field; an update goes to the unit\'s own route', async () => {
    const kg = { id: KG, establishmentId: EST, ucumCode: 'kg', name: { fr: 'Kilogramme' }, symbol: 'kg', inUse: true };
    serve({ [`GET /api/establishments/${EST}/units`]: { body: [kg] }, [`PUT /api/units/${KG}`]: notUnique('body.name') });
    renderStructureScreen(<UnitsSection establishmentId={EST} />, { structure, path: 'indicators' });
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier « Kilogramme »' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/^Nom \(français\)/) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Gramme' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Déjà utilisé (serveur).')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(sent('PUT')).toEqual([{ url: `/api/units/${KG}`, body: { name: { fr: 'Gramme' }, ucumCode: 'kg', symbol: 'kg' } }]));
  });
});
