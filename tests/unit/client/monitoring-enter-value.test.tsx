// @vitest-environment happy-dom
/**
 * "Enter a value" of the patient's monitoring screen (issue 11 §2, §6), with the real i18n,
 * Mantine and TanStack Query, the API answered by a fake fetch: the value sent as typed (a comma,
 * Arabic digits), the unit, the moment typed in the session's time zone (Europe/Paris), filled
 * with now and editable; nothing chosen for the person; field errors before sending; the
 * server's refusal on its field; a refusal of another kind said above the buttons; Arabic; the
 * plausible range said under the value and checked before sending (issue 18).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonitoredIndicator } from '../../../schemas/monitoring.ts';
import { EnterValueForm } from '../../../client/features/monitoring/enter-value-form.tsx';
import { MONITORING } from '../../../client/features/monitoring/texts.ts';
import { typedNumber } from '../../../client/lib/i18n/typed-number.ts';
import { configureApi } from '../../../client/lib/api/api-hooks.ts';
import { instantIn, timeIn } from '../../../client/lib/dates/zoned-instant.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';
import { resetSessionForTests } from '../../../client/lib/session/session-store.ts';
import { signInProfessionalForTests } from '../../helpers/client-session.ts';
import { fakeFetch, type FakeAnswer } from './fake-fetch.ts';

const FILE = '00000000-0000-4000-8000-0000000000f1';
const WEIGHT = '00000000-0000-4000-8000-0000000000a1';
const HEART = '00000000-0000-4000-8000-0000000000a2';
const indicators: MonitoredIndicator[] = [
  { id: WEIGHT, reference: 'weight', name: { fr: 'Poids', en: 'Weight', ar: 'الوزن' }, unit: { code: 'kg', symbol: 'kg' }, decimals: 1, plausible: { min: 0.5, max: 500 },
    units: [{ code: 'kg', symbol: 'kg' }, { code: '[lb_av]', symbol: 'lb' }], lastValue: null },
  { id: HEART, reference: 'heart_rate', name: { fr: 'Fréquence cardiaque', en: 'Heart rate', ar: 'معدل ضربات القلب' }, unit: { code: '/min', symbol: 'bpm' }, decimals: 0, plausible: { min: 20, max: 300 },
    units: [{ code: '/min', symbol: 'bpm' }], lastValue: null },
];

let calls: ReturnType<typeof fakeFetch>;
const serve = (answer: FakeAnswer) => { calls = fakeFetch({ [`POST /api/patient_files/${FILE}/indicators/data`]: answer }); };
const posted = () => calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body!));

function mount(initialIndicatorId?: string) {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback="loading texts">
          <EnterValueForm patientFileId={FILE} indicators={indicators} initialIndicatorId={initialIndicatorId} onDone={onDone} onCancel={() => {}} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onDone;
}
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(MONITORING);
});
beforeEach(() => {
  configureApi({ language: () => i18n.language });
  resetSessionForTests();
  signInProfessionalForTests();
});
afterEach(async () => { cleanup(); vi.unstubAllGlobals(); if (i18n.language !== 'fr') await switchLanguage('fr'); });

describe('entering a value', () => {
  it("fills the moment with now in the session's zone, sends the value as typed with its unit and the moment typed, and says it is saved", async () => {
    serve({ status: 201, body: { measures: [] } });
    const onDone = mount(WEIGHT);
    await screen.findByText('Saisir une valeur', { selector: 'label *, label' }).catch(() => undefined);
    expect(field('Valeur').value).toBe('');
    expect(field('Heure').value).toBe(timeIn('Europe/Paris'));
    expect(field('Date de la mesure').value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    type('Valeur', '72,5');
    type('Date de la mesure', '02/11/2026');
    type('Heure', '08:30');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posted()).toEqual([{ indicatorId: WEIGHT, value: 72.5, unit: 'kg', measuredAt: '2026-11-02T07:30:00.000Z' }]));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Valeur enregistrée : 72,5 kg (Poids)'));
  });

  it('chooses nothing for the person: without a card the indicator is empty and required; a value that is not a number is said on its field; nothing is sent', async () => {
    serve({ status: 201, body: {} });
    mount();
    type('Valeur', '72.5 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The indicator, and the unit that follows it.
    expect(await screen.findAllByText('Ce champ est obligatoire')).toHaveLength(2);
    expect(screen.getByText('Saisissez un nombre, par exemple 72,5.')).toBeTruthy();
    type('Heure', '25:00');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Saisissez une heure au format HH:MM (24 h).')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("shows the server's refusal on its field, and another refusal above the buttons", async () => {
    serve({ status: 400, body: { code: 'unit_not_convertible', message: 'Cette unité ne se convertit pas en kg.', field: 'body.unit' } });
    mount(WEIGHT);
    type('Valeur', '160');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Cette unité ne se convertit pas en kg.')).toBeTruthy();
    cleanup();
    serve({ status: 409, body: { code: 'patient_file_closed', message: 'Le dossier est clôturé.' } });
    mount(WEIGHT);
    type('Valeur', '71');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe("La valeur n'a pas été enregistrée : Le dossier est clôturé.");
  });

  it.each([
    ['750', false], ['-70', false], ['0,4', false], ['500,1', false], ['0,5', true], ['500', true],
  ])('says the range under the value and refuses %s kg before sending unless it is within it (%s)', async (typed, sent) => {
    serve({ status: 201, body: { measures: [] } });
    mount(WEIGHT);
    expect(await screen.findByText('Entre 0,5 et 500 kg')).toBeTruthy();
    type('Valeur', typed);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    if (sent) {
      await waitFor(() => expect(posted()).toHaveLength(1));
    } else {
      expect(await screen.findByText('Cette valeur n’est pas plausible : saisissez une valeur entre 0,5 et 500 kg.')).toBeTruthy();
      expect(posted()).toEqual([]);
    }
  });

  it('speaks Arabic and reads Arabic digits and decimal separator as the number typed', async () => {
    await switchLanguage('ar');
    await i18n.loadNamespaces(MONITORING);
    serve({ status: 201, body: {} });
    mount(WEIGHT);
    type('القيمة', '٧٢٫٥');
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(posted()[0]).toMatchObject({ indicatorId: WEIGHT, value: 72.5, unit: 'kg' }));
  });
});

describe('typedNumber and instantIn', () => {
  it.each([
    ['72,5', 72.5], ['72.5', 72.5], [' 70 ', 70], ['-1,25', -1.25], ['٧٢٫٥', 72.5], ['۷۰', 70], ['0.10000', 0.1],
    ['', undefined], ['72,5,1', undefined], ['1e3', undefined], ['72 kg', undefined], ['.5', undefined],
  ])('%j reads as %j', (text, expected) => expect(typedNumber(text)).toBe(expected));

  it.each([
    ['2026-11-02', '08:30', 'Europe/Paris', '2026-11-02T07:30:00.000Z'],
    ['2026-07-02', '08:30', 'Europe/Paris', '2026-07-02T06:30:00.000Z'],
    ['2026-10-25', '02:30', 'Europe/Paris', '2026-10-25T00:30:00.000Z'],
    ['2026-03-29', '02:30', 'Europe/Paris', '2026-03-29T00:30:00.000Z'],
    ['2026-11-02', '08:30', 'Pacific/Auckland', '2026-11-01T19:30:00.000Z'],
    ['2026-11-02', '08:30', 'UTC', '2026-11-02T08:30:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, iso) => expect(instantIn(date, time, zone).toISOString()).toBe(iso));
});
