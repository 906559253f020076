/**
 * The patient form (spec 001 §3), one for creation and edit, in sections: identity, contact,
 * identifiers, measures and, when creating, the file (service and dates). Mantine inputs rather
 * than SchemaForm: the form is sectioned, its labels are the feature's texts, its rules are
 * schemas/patient-form.ts's (run by the server, which answers every invalid field at once; the
 * messages are shown on each field in the request's language), and dates are typed in the
 * interface's order (client/lib/dates). Nothing is preselected: sex has no default, booleans are off.
 * Values are sent as typed: a number that is not one reaches the server, which says so on its field.
 * The weight typed at creation becomes the file's weight reference value (issue 18); the hints say
 * so, and that reference values are set afterwards in the file's Indicators tab.
 */
import { Alert, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientProfile } from '../../../schemas/patient-profile.ts';
import { IDENTITY_TRAITS } from '../../../schemas/identity.ts';
import { dateInputHint, parseCalendarDate } from '../../lib/dates/calendar-input.ts';
import { formatCalendarDate } from '../../lib/dates/format.ts';
import { isLanguage, type Language } from '../../lib/languages.ts';
import { typedText } from '../../lib/i18n/use-number.ts';
import { PATIENT_PROFILE } from './texts.ts';

const TEXT_FIELDS = [
  'firstNames', 'firstBirthName', 'birthName', 'usedFirstName', 'usedLastName', 'birthPlaceInsee', 'birthCountry', 'email', 'mobilePhone',
  'insNumber', 'oid', 'socialSecurityNumber', 'externalId', 'address', 'postalCode', 'city',
] as const;
const NUMBER_FIELDS = ['globalReferenceValue', 'weightKg', 'heightCm'] as const;
const DATE_FIELDS = ['birthDate', 'startDate', 'endDate', 'admissionDate', 'operationDate'] as const;
const FLAGS = ['doubtful', 'fictitious', 'namesake'] as const;
const REQUIRED = new Set(['firstNames', 'birthName', 'sex', 'birthDate', 'serviceId', 'startDate']);

type Values = Record<string, string | boolean>;
/** The server's messages, by field name (`firstNames`, not `body.firstNames`). */
export type FieldMessages = Partial<Record<string, string>>;

export interface PatientProfileFormProps {
  mode: 'create' | 'edit';
  /** Services the file may be opened in (creation). */
  services?: readonly { id: string; name: string }[];
  profile?: PatientProfile;
  errors?: FieldMessages;
  /** A message for the whole form (a refusal not tied to a field). */
  formError?: string;
  submitting?: boolean;
  onSubmit(body: Record<string, unknown>): void;
  onCancel?(): void;
}

function initialValues(profile: PatientProfile | undefined, language: Language): Values {
  const values: Values = {};
  if (!profile) return values;
  for (const field of [...TEXT_FIELDS, ...NUMBER_FIELDS]) {
    const value = (profile as Record<string, unknown>)[field];
    if (value !== undefined && value !== null) values[field] = typeof value === 'number' ? typedText(language, value) : String(value);
  }
  if (profile.sex) values.sex = profile.sex;
  if (profile.birthDate) values.birthDate = formatCalendarDate(profile.birthDate, language);
  for (const flag of FLAGS) values[flag] = profile.identity[flag];
  return values;
}

/** What is sent: texts as typed, dates read in the interface's order (kept as typed when they are not dates), numbers when they are. */
function bodyOf(values: Values, mode: 'create' | 'edit', language: Language): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() !== '') body[field] = value;
  }
  for (const field of NUMBER_FIELDS) {
    const value = values[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const number = Number(value.trim().replace(',', '.'));
    body[field] = Number.isFinite(number) ? number : value;
  }
  const dates = mode === 'create' ? DATE_FIELDS : (['birthDate'] as const);
  for (const field of dates) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() !== '') body[field] = parseCalendarDate(value, language) ?? value;
  }
  if (typeof values.sex === 'string' && values.sex) body.sex = values.sex;
  for (const flag of FLAGS) body[flag] = values[flag] === true;
  if (mode === 'create' && typeof values.serviceId === 'string' && values.serviceId) body.serviceId = values.serviceId;
  return body;
}

export function PatientProfileForm({ mode, services = [], profile, errors = {}, formError, submitting, onSubmit, onCancel }: PatientProfileFormProps) {
  const { t, i18n } = useTranslation(PATIENT_PROFILE);
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const [values, setValues] = useState<Values>(() => initialValues(profile, language));
  const set = (field: string, value: string | boolean) => setValues((v) => ({ ...v, [field]: value }));
  // A checked identity's traits change only from the Identity panel, with a proof.
  const locked = (field: string) => mode === 'edit' && profile !== undefined && profile.identity.status !== 'PROVISIONAL'
    && (IDENTITY_TRAITS as readonly string[]).includes(field);

  const label = (field: string) => t(`patientProfile.fields.${field}`);
  const common = (field: string) => ({
    id: `patient-${field}`,
    name: field,
    label: label(field),
    withAsterisk: REQUIRED.has(field),
    error: errors[field],
    disabled: locked(field),
    description: locked(field) ? t('patientProfile.hints.trait') : undefined,
  });
  const text = (field: string, extra: { description?: string; type?: string; dir?: 'ltr'; inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' } = {}) => {
    const props = common(field);
    return (
      <TextInput {...props} {...extra} description={props.description ?? extra.description}
        value={typeof values[field] === 'string' ? values[field] : ''} onChange={(e) => set(field, e.currentTarget.value)} />
    );
  };
  const date = (field: string) => text(field, { description: dateInputHint(language), dir: 'ltr' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(bodyOf(values, mode, language));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? t('patientProfile.titleNew') : t('patientProfile.titleEdit')}>
      <Stack gap="md">
        {formError && <Alert color="red" role="alert">{formError}</Alert>}
        <Fieldset legend={t('patientProfile.sections.identity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('firstNames', { description: t('patientProfile.hints.firstNames') })}
            {text('firstBirthName')}
            {text('birthName', { description: t('patientProfile.hints.birthName') })}
            {text('usedFirstName')}
            {text('usedLastName')}
            <Select {...common('sex')} placeholder={t('patientProfile.sex.placeholder')} clearable
              data={(['female', 'male', 'unknown'] as const).map((sex) => ({ value: sex, label: t(`patientProfile.sex.${sex}`) }))}
              value={typeof values.sex === 'string' && values.sex ? values.sex : null} onChange={(value) => set('sex', value ?? '')} />
            {date('birthDate')}
            {text('birthPlaceInsee', { dir: 'ltr' })}
            {text('birthCountry', { dir: 'ltr' })}
            {text('insNumber', { dir: 'ltr', inputMode: 'numeric' })}
            {text('oid', { dir: 'ltr' })}
          </SimpleGrid>
          <Group mt="sm">
            {FLAGS.map((flag) => (
              <Checkbox key={flag} id={`patient-${flag}`} label={label(flag)} checked={values[flag] === true} error={errors[flag]}
                onChange={(e) => set(flag, e.currentTarget.checked)} />
            ))}
          </Group>
        </Fieldset>
        <Fieldset legend={t('patientProfile.sections.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('email', { type: 'email', dir: 'ltr', description: t('patientProfile.hints.contact') })}
            {text('mobilePhone', { type: 'tel', dir: 'ltr', description: t('patientProfile.hints.contact') })}
            <Textarea {...common('address')} rows={2} value={typeof values.address === 'string' ? values.address : ''}
              onChange={(e) => set('address', e.currentTarget.value)} />
            {text('postalCode', { dir: 'ltr' })}
            {text('city')}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('patientProfile.sections.identifiers')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('socialSecurityNumber', { dir: 'ltr', inputMode: 'numeric' })}
            {text('externalId', { dir: 'ltr' })}
            {text('globalReferenceValue', { dir: 'ltr', inputMode: 'numeric', description: t('patientProfile.hints.globalReferenceValue') })}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('patientProfile.sections.measures')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('weightKg', { dir: 'ltr', inputMode: 'decimal', description: t(`patientProfile.hints.weightKg.${mode}`) })}
            {text('heightCm', { dir: 'ltr', inputMode: 'decimal' })}
          </SimpleGrid>
        </Fieldset>
        {mode === 'create' && (
          <Fieldset legend={t('patientProfile.sections.file')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select {...common('serviceId')} placeholder={t('patientProfile.sex.placeholder')}
                data={services.map((s) => ({ value: s.id, label: s.name }))}
                value={typeof values.serviceId === 'string' && values.serviceId ? values.serviceId : null} onChange={(value) => set('serviceId', value ?? '')} />
              {date('startDate')}
              {date('endDate')}
              {date('admissionDate')}
              {date('operationDate')}
            </SimpleGrid>
          </Fieldset>
        )}
        <Group justify="flex-end">
          {onCancel && <Button variant="default" onClick={onCancel}>{t('patientProfile.cancel')}</Button>}
          <Button type="submit" loading={submitting}>{mode === 'create' ? t('patientProfile.create') : t('patientProfile.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
