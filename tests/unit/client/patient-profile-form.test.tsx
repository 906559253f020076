// @vitest-environment happy-dom
/**
 * The patient form (issue 10 §1, §3) as a professional uses it, with the real i18n and Mantine:
 * nothing preselected (sex empty, flags off, no service), required marks, values sent as typed
 * (dates read in the interface's order, an incomplete date sent as typed for the server to refuse
 * on its field), the server's messages shown on each field (messagesOf), the traits of a checked
 * identity read-only in edit mode, and the labels in Arabic.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PatientProfile } from '../../../schemas/patient-profile.ts';
import { PatientProfileForm, type PatientProfileFormProps } from '../../../client/features/patient-profile/patient-profile-form.tsx';
import { messagesOf } from '../../../client/features/patient-profile/patient-profile-page.tsx';
import { PATIENT_PROFILE } from '../../../client/features/patient-profile/texts.ts';
import { ApiError } from '../../../client/lib/api/api-error.ts';
import { i18n, initI18n, switchLanguage } from '../../../client/lib/i18n/i18n.ts';

vi.mock('../../../client/lib/notify.ts', () => ({ notify: vi.fn(async () => {}) }));

const SERVICES = [{ id: '00000000-0000-4000-8000-000000000001', name: 'Cardiologie' }];

function mount(props: Partial<PatientProfileFormProps> = {}) {
  const onSubmit = vi.fn();
  render(
    <MantineProvider>
      <Suspense fallback="loading texts">
        <PatientProfileForm mode="create" services={SERVICES} onSubmit={onSubmit} {...props} />
      </Suspense>
    </MantineProvider>,
  );
  return onSubmit;
}

/** Fields by their French label, as a person finds them (the label, without its required mark, names the input). */
const LABELS: Record<string, string> = {
  'Prénoms de naissance': 'firstNames', 'Nom de naissance': 'birthName', 'Sexe': 'sex', 'Date de naissance': 'birthDate', 'Service': 'serviceId',
  'Début du suivi': 'startDate', 'Adresse e-mail': 'email', 'Téléphone mobile': 'mobilePhone', 'Poids (kg)': 'weightKg',
  'Valeur de référence globale': 'globalReferenceValue', 'Ville': 'city',
};
function input(label: string): HTMLInputElement {
  const id = `patient-${LABELS[label]}`;
  const element = document.getElementById(id) as HTMLInputElement;
  expect(element, label).toBeTruthy();
  expect(document.querySelector(`label[for="${id}"]`)?.textContent?.replace('*', '').trim()).toBe(label);
  return element;
}
const required = (label: string) => document.querySelector(`label[for="patient-${LABELS[label]}"]`)?.textContent?.includes('*');
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

beforeAll(async () => {
  await initI18n('fr');
  await i18n.loadNamespaces(PATIENT_PROFILE);
});
afterEach(async () => {
  cleanup();
  if (i18n.language !== 'fr') await switchLanguage('fr');
});

describe('the patient form', () => {
  it('preselects nothing: no sex, no service, flags off, and sends nothing the person did not type', async () => {
    const onSubmit = mount();
    await screen.findByText('Identité');
    expect(input('Sexe').value).toBe('');
    expect(input('Service').value).toBe('');
    for (const flag of ['Identité douteuse', 'Identité fictive', 'Homonymie']) expect((screen.getByLabelText(flag) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Créer le patient' }));
    expect(onSubmit).toHaveBeenCalledWith({ doubtful: false, fictitious: false, namesake: false });
  });

  it('marks the required fields', async () => {
    mount();
    await screen.findByText('Identité');
    for (const label of ['Prénoms de naissance', 'Nom de naissance', 'Sexe', 'Date de naissance', 'Service', 'Début du suivi']) expect(required(label), label).toBe(true);
    for (const label of ['Adresse e-mail', 'Téléphone mobile', 'Ville']) expect(required(label), label).toBe(false);
  });

  it('sends the values as typed, dates read in the interface order, an incomplete date as typed', async () => {
    const onSubmit = mount();
    await screen.findByText('Identité');
    type('Prénoms de naissance', 'Marie, Anne');
    type('Nom de naissance', 'DUPONT');
    type('Date de naissance', '12/05/1980');
    type('Début du suivi', '05/2026');
    type('Poids (kg)', '61,5');
    type('Valeur de référence globale', 'dix');
    type('Téléphone mobile', '06 12 34 56 78');
    fireEvent.click(screen.getByRole('button', { name: 'Créer le patient' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({
      firstNames: 'Marie, Anne', birthName: 'DUPONT', birthDate: '1980-05-12', startDate: '05/2026', weightKg: 61.5,
      globalReferenceValue: 'dix', mobilePhone: '06 12 34 56 78',
    }));
  });

  it('shows the server\'s messages on their fields', async () => {
    const error = new ApiError(400, {
      code: 'field_required', message: 'Ce champ est obligatoire', field: 'body.firstNames',
      errors: [
        { field: 'body.firstNames', message: 'Ce champ est obligatoire' },
        { field: 'body.birthName', message: 'Sans accents ni signes diacritiques : écrivez E pour É.' },
        { field: 'body.email', message: 'Une adresse e-mail ou un téléphone mobile est obligatoire.' },
      ],
    });
    const { fields } = messagesOf(error);
    mount({ errors: fields });
    await screen.findByText('Identité');
    expect(input('Prénoms de naissance').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ce champ est obligatoire')).toBeTruthy();
    expect(screen.getByText('Sans accents ni signes diacritiques : écrivez E pour É.')).toBeTruthy();
    expect(input('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(input('Ville').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says a refusal on the service field, and one without a field for the whole form', () => {
    expect(messagesOf(new ApiError(404, { code: 'not_found', message: 'Introuvable', field: 'body.serviceId' }))).toEqual({ fields: { serviceId: 'Introuvable' } });
    expect(messagesOf(new ApiError(500, { code: 'internal_error', message: 'Erreur' }))).toEqual({ fields: {}, form: 'Erreur' });
  });

  it('shows a checked identity\'s traits read-only in edit mode, and sends the profile back', async () => {
    const profile: PatientProfile = {
      id: '00000000-0000-4000-8000-0000000000aa', login: 'l@example.test', email: 'l@example.test', firstName: 'Lucie', lastName: 'ROBERT',
      firstNames: 'Lucie', birthName: 'ROBERT', sex: 'female', birthDate: '1975-03-02', city: 'Nice',
      identity: { status: 'VALIDATED', doubtful: false, fictitious: false, namesake: true, verifiedAt: null },
    };
    const onSubmit = mount({ mode: 'edit', profile });
    await screen.findByText('Identité');
    expect(input('Nom de naissance').disabled).toBe(true);
    expect(input('Ville').disabled).toBe(false);
    expect(screen.queryByLabelText('Service')).toBeNull();
    expect(input('Date de naissance').value).toBe('02/03/1975');
    type('Ville', 'Cannes');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).toHaveBeenCalledWith({
      firstNames: 'Lucie', birthName: 'ROBERT', email: 'l@example.test', city: 'Cannes', birthDate: '1975-03-02', sex: 'female',
      doubtful: false, fictitious: false, namesake: true,
    });
  });

  it('speaks Arabic', async () => {
    await switchLanguage('ar');
    await i18n.loadNamespaces(PATIENT_PROFILE);
    mount();
    await waitFor(() => expect(screen.getByText('الهوية')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'إنشاء المريض' })).toBeTruthy();
  });
});
