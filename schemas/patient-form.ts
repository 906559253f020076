/**
 * The patient form (spec 001 §3 "Patient form", §5 rules, §9 bounds), shared by the server and the
 * client: the JSON Schema says shapes and bounds (Fastify validates the body with it, and the type
 * is derived from it), and validatePatientForm adds what a schema cannot say (INS key, phone, a
 * real date, birth date not after today, e-mail or mobile) and answers every invalid field at once,
 * each with a stable code from schemas/errors.ts whose message exists in fr, en and ar.
 * validatePatientForm checks the bounds too, so the client needs no JSON Schema validator.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { emailOrMobileError, EMAIL_PATTERN, emailError, mobilePhoneError, normaliseMobilePhone } from './patient-form/contact.ts';
import { birthDateError, dateError } from './patient-form/dates.ts';
import { INSEE_CODE_PATTERN, insNumberError, normaliseIns, inseeCodeError, OID_PATTERN, oidError, socialSecurityNumberError } from './patient-form/identifiers.ts';
import { birthNameError, firstNamesError, nameError } from './patient-form/names.ts';
import type { ErrorCode } from './errors.ts';

export * from './patient-form/contact.ts';
export * from './patient-form/dates.ts';
export * from './patient-form/identifiers.ts';
export * from './patient-form/names.ts';

export const PATIENT_SEXES = ['male', 'female', 'unknown'] as const;

/** Spec 001 §9. */
export const PATIENT_FORM_LIMITS = {
  emailMax: 180,
  birthNameMax: 100,
  textMin: 2,
  textMax: 100,
  textAreaMin: 2,
  textAreaMax: 500,
  postalCodeMax: 10,
  /** Plausible bounds of a person: they catch a weight typed in grams or a height in metres. */
  weightKg: { min: 0.2, max: 700 },
  heightCm: { min: 20, max: 280 },
} as const;

const L = PATIENT_FORM_LIMITS;
const text = { type: 'string', minLength: L.textMin, maxLength: L.textMax } as const;
const date = { type: 'string', format: 'date' } as const;

export const patientFormSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['firstNames', 'birthName', 'sex', 'birthDate'],
  properties: {
    firstNames: { ...text, description: 'Every first name, comma-separated: "Marie, Anne-Sophie"' },
    firstBirthName: { ...text, description: 'The first of the birth first names (INS)' },
    birthName: { type: 'string', minLength: 1, maxLength: L.birthNameMax, description: 'Without accents or diacritics' },
    usedFirstName: text,
    usedLastName: text,
    sex: { type: 'string', enum: PATIENT_SEXES },
    birthDate: { ...date, description: 'Not after today' },
    birthPlaceInsee: { type: 'string', pattern: INSEE_CODE_PATTERN, description: "INSEE code of the birth commune (99xxx: the country's)" },
    email: { type: 'string', maxLength: L.emailMax, pattern: EMAIL_PATTERN, description: 'Required when there is no mobile phone' },
    mobilePhone: { type: 'string', minLength: 1, maxLength: 32, description: 'French or international mobile; stored in E.164. Required when there is no e-mail' },
    insNumber: { type: 'string', minLength: 1, maxLength: 24, description: 'NIR (13 characters, 2A/2B for Corsica) and its 2-digit key; spaces ignored' },
    oid: { type: 'string', maxLength: 64, pattern: OID_PATTERN, description: "OID of the INS number's authority: 1.2.250.1.213.1.4.8 for a NIR" },
    doubtful: { type: 'boolean', description: 'Digital-identity attribute: doubtful identity' },
    fictitious: { type: 'boolean', description: 'Digital-identity attribute: fictitious identity' },
    namesake: { type: 'boolean', description: 'Digital-identity attribute: a namesake exists' },
    globalReferenceValue: { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647 },
    socialSecurityNumber: { type: 'string', minLength: 1, maxLength: 20, description: '13 characters; spaces ignored' },
    weightKg: { type: 'number', minimum: L.weightKg.min, maximum: L.weightKg.max },
    heightCm: { type: 'number', minimum: L.heightCm.min, maximum: L.heightCm.max },
    externalId: { type: 'string', minLength: 1, maxLength: L.textMax },
    admissionDate: date,
    operationDate: date,
    address: { type: 'string', minLength: L.textAreaMin, maxLength: L.textAreaMax },
    postalCode: { type: 'string', minLength: 2, maxLength: L.postalCodeMax },
    city: text,
    birthCountry: { type: 'string', pattern: INSEE_CODE_PATTERN, description: 'INSEE code of the country of birth: 99100 for France' },
  },
} as const;
export type PatientForm = FromSchema<typeof patientFormSchema>;
export type PatientFormField = keyof typeof patientFormSchema.properties;

export type PatientFormError = { field: `body.${PatientFormField}`; code: ErrorCode; params: Record<string, string | number> };

type Failure = { code: ErrorCode; params?: Record<string, string | number> };
type Check = (value: unknown, today: string) => Failure | undefined;

const asCode = (code: ErrorCode | undefined) => (code ? { code } : undefined);

/** A string within bounds, then its own rule. */
const string = (min: number, max: number, rule?: (value: string, today: string) => ErrorCode | undefined): Check => (value, today): Failure | undefined => {
  if (typeof value !== 'string') return { code: 'value_invalid' };
  if (value.length < min) return { code: 'value_too_short', params: { min } };
  if (value.length > max) return { code: 'value_too_long', params: { max } };
  return asCode(rule?.(value, today));
};
const number = (min: number, max: number, integer = false): Check => (value): Failure | undefined => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { code: integer ? 'integer_required' : 'value_invalid' };
  if (integer && !Number.isInteger(value)) return { code: 'integer_required' };
  return value < min || value > max ? { code: 'value_out_of_range', params: { min, max } } : undefined;
};
const boolean: Check = (value) => (typeof value === 'boolean' ? undefined : { code: 'value_invalid' });
const oneOf = (values: readonly string[]): Check => (value) => (typeof value === 'string' && values.includes(value) ? undefined : { code: 'value_invalid' });

const schemaOf = patientFormSchema.properties;
const CHECKS: Record<PatientFormField, Check> = {
  firstNames: string(L.textMin, L.textMax, firstNamesError),
  firstBirthName: string(L.textMin, L.textMax, nameError),
  birthName: string(1, L.birthNameMax, birthNameError),
  usedFirstName: string(L.textMin, L.textMax, nameError),
  usedLastName: string(L.textMin, L.textMax, nameError),
  sex: oneOf(PATIENT_SEXES),
  birthDate: string(1, Number.MAX_SAFE_INTEGER, birthDateError),
  birthPlaceInsee: string(1, 5, inseeCodeError),
  email: string(1, L.emailMax, emailError),
  mobilePhone: string(1, schemaOf.mobilePhone.maxLength, mobilePhoneError),
  insNumber: string(1, schemaOf.insNumber.maxLength, insNumberError),
  oid: string(1, schemaOf.oid.maxLength, oidError),
  doubtful: boolean,
  fictitious: boolean,
  namesake: boolean,
  globalReferenceValue: number(schemaOf.globalReferenceValue.minimum, schemaOf.globalReferenceValue.maximum, true),
  socialSecurityNumber: string(1, schemaOf.socialSecurityNumber.maxLength, socialSecurityNumberError),
  weightKg: number(L.weightKg.min, L.weightKg.max),
  heightCm: number(L.heightCm.min, L.heightCm.max),
  externalId: string(1, L.textMax),
  admissionDate: string(1, Number.MAX_SAFE_INTEGER, dateError),
  operationDate: string(1, Number.MAX_SAFE_INTEGER, dateError),
  address: string(L.textAreaMin, L.textAreaMax),
  postalCode: string(2, L.postalCodeMax),
  city: string(L.textMin, L.textMax),
  birthCountry: string(1, 5, inseeCodeError),
};

/** An empty or blank optional value is no value: a cleared form field is sent as '' or null. */
const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Every invalid field of a patient form, in the order of the schema (empty: valid). `today` is the
 * day against which the birth date is checked, YYYY-MM-DD. Unknown fields are the schema's business
 * (additionalProperties: false), not reported here.
 */
export function validatePatientForm(input: Record<string, unknown>, today: string): PatientFormError[] {
  const errors: PatientFormError[] = [];
  const required: readonly string[] = patientFormSchema.required;
  for (const field of Object.keys(CHECKS) as PatientFormField[]) {
    const value = input[field];
    if (absent(value)) {
      if (required.includes(field)) errors.push({ field: `body.${field}`, code: 'field_required', params: {} });
      continue;
    }
    const error = CHECKS[field](value, today);
    if (error) errors.push({ field: `body.${field}`, code: error.code, params: error.params ?? {} });
  }
  const contact = emailOrMobileError(absent(input.email) ? undefined : input.email, absent(input.mobilePhone) ? undefined : input.mobilePhone);
  // Said on both fields: the person may fill either; one that is there but invalid already has its error.
  if (contact) for (const field of ['email', 'mobilePhone'] as const) errors.push({ field: `body.${field}`, code: contact, params: {} });
  return errors;
}

/**
 * The form as it is stored, once validatePatientForm found no error: blank optional values dropped (a
 * cleared field is sent as '' or null, which the schema's bounds would refuse), texts trimmed, the
 * phone in E.164, the INS and social security numbers without spaces and in capitals (2A, 2B), INSEE
 * codes in capitals. Saved this way, a search by INS or phone finds the patient whatever was typed.
 */
export function normalisePatientForm(input: Record<string, unknown>): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (absent(value)) continue;
    output[field] = typeof value === 'string' ? value.trim() : value;
  }
  const strings = (field: PatientFormField, change: (value: string) => string | undefined) => {
    if (typeof output[field] === 'string') output[field] = change(output[field]) ?? output[field];
  };
  strings('mobilePhone', normaliseMobilePhone);
  strings('insNumber', normaliseIns);
  strings('socialSecurityNumber', normaliseIns);
  strings('birthPlaceInsee', (value) => value.toUpperCase());
  strings('birthCountry', (value) => value.toUpperCase());
  return output;
}
