// @vitest-environment happy-dom
/**
 * "Values received late" on My establishment (issue 18), in a DOM with the real i18n and Mantine,
 * the API answered by a fake fetch: the bound in force is shown, a whole number of days is sent as
 * typed, an empty field removes the bound, anything else is said on the field before sending.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LateValuesSection } from '../../../client/features/identity/late-values-section.tsx';
import { IDENTITY } from '../../../client/features/identity/texts.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch } from './fake-fetch.ts';

const EST = '00000000-0000-4000-8000-0000000000e1';
const PATH = `/api/establishments/${EST}/measure_settings`;
let calls: ReturnType<typeof fakeFetch>;
const sent = () => calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(c.body!));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts"><LateValuesSection establishmentId={EST} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const field = () => screen.getByRole('textbox', { name: /^Refuser les valeurs mesurées/ }) as HTMLInputElement;

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(IDENTITY);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
  calls = fakeFetch({ [`GET ${PATH}`]: { body: { lateMeasureMaxDays: 7 } }, [`PUT ${PATH}`]: () => ({ body: JSON.parse(calls.at(-1)!.body!) }) });
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('values received late', () => {
  it('shows the bound in force and sends a whole number of days as typed, then says it is saved', async () => {
    mount();
    await waitFor(() => expect(field().value).toBe('7'));
    fireEvent.change(field(), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect(sent()).toEqual([{ lateMeasureMaxDays: 30 }]);
  });

  it('an empty field removes the bound', async () => {
    mount();
    await waitFor(() => expect(field().value).toBe('7'));
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent()).toEqual([{ lateMeasureMaxDays: null }]));
  });

  it.each(['0', '2,5', '3651', 'sept', '-3'])('"%s" is said on the field, nothing sent', async (typed) => {
    mount();
    await waitFor(() => expect(field().value).toBe('7'));
    fireEvent.change(field(), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Saisissez un nombre entier de jours entre 1 et 3\s650/)).toBeTruthy();
    expect(sent()).toEqual([]);
  });
});
