// @vitest-environment happy-dom
/**
 * "Values received" on My establishment (issue 18), in a DOM with the real i18n and Mantine, the
 * API answered by a fake fetch: the bound on late values and the patients' correction delay in
 * force are shown, whole numbers are sent as typed, an empty bound removes it, anything else is
 * said on its field before sending.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MeasureSettingsSection } from '../../../client/features/identity/measure-settings-section.tsx';
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
        <Suspense fallback="loading texts"><MeasureSettingsSection establishmentId={EST} /></Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const field = () => screen.getByRole('textbox', { name: /^Refuser les valeurs mesurées/ }) as HTMLInputElement;
const minutesField = () => screen.getByRole('textbox', { name: /^Délai de correction par le patient/ }) as HTMLInputElement;

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(IDENTITY);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
  calls = fakeFetch({ [`GET ${PATH}`]: { body: { lateMeasureMaxDays: 7, measureCorrectionMinutes: 15 } }, [`PUT ${PATH}`]: () => ({ body: JSON.parse(calls.at(-1)!.body!) }) });
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('values received', () => {
  it('shows the bound in force and sends a whole number of days as typed, then says it is saved', async () => {
    mount();
    await waitFor(() => expect(field().value).toBe('7'));
    fireEvent.change(field(), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect(sent()).toEqual([{ lateMeasureMaxDays: 30, measureCorrectionMinutes: 15 }]);
  });

  it('an empty field removes the bound', async () => {
    mount();
    await waitFor(() => expect(field().value).toBe('7'));
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent()).toEqual([{ lateMeasureMaxDays: null, measureCorrectionMinutes: 15 }]));
  });

  it.each(['0', '2,5', '3651', 'sept', '-3'])('"%s" is said on the field, nothing sent', async (typed) => {
    mount();
    await waitFor(() => expect(field().value).toBe('7'));
    fireEvent.change(field(), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Saisissez un nombre entier de jours entre 1 et 3\s650/)).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('shows the correction delay in force and sends the minutes typed, 0 included', async () => {
    mount();
    await waitFor(() => expect(minutesField().value).toBe('15'));
    fireEvent.change(minutesField(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect(sent()).toEqual([{ lateMeasureMaxDays: 7, measureCorrectionMinutes: 0 }]);
  });

  it.each(['', '-1', '1441', '2,5', 'quinze'])('a correction delay of "%s" is said on its field, nothing sent', async (typed) => {
    mount();
    await waitFor(() => expect(minutesField().value).toBe('15'));
    fireEvent.change(minutesField(), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Saisissez un nombre entier de minutes entre 0 et 1\s440/)).toBeTruthy();
    expect(minutesField().getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toEqual([]);
  });
});
