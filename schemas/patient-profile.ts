/**
 * The patient profile (spec 001 §3 "Patient form", issue 10 §1 and §3): what POST /api/patient_files
 * takes to create a patient and their file, what GET /api/persons/:id answers and what PUT takes.
 *
 * The bodies are deliberately LOOSE JSON Schemas (every field a string, number or boolean, or
 * null; none required): Fastify's validator stops at the first error, while the form must show
 * every invalid field at once. The rules themselves are schemas/patient-form.ts's
 * (validatePatientForm), run by the handler, which answers 400 with `errors[]`, one per field, each
 * with its code and a message in the request's language. patientFormSchema stays the reference
 * of the bounds (it is the one the client's form is built from).
 *
 * Names on `users`: firstNames → given_names, usedFirstName → used_first_name, usedLastName →
 * used_name, birthName → birth_name; the display names are first_name = the used first name, else
 * the first of the first names, and last_name = the used last name, else the birth name.
 *
 * Login: the patient logs in with their e-mail. A patient created with a mobile phone only gets a
 * generated login identifier `p.<10 letters or digits>@patients.telesuivi.invalid` (an address of
 * the reserved .invalid domain: it has the shape the login form asks, and no mail can ever reach
 * it), answered once with the temporary password. The profile's `email` is then absent and
 * `login` says the identifier.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, uuidSchema } from './common.ts';
import { identitySchema } from './identity.ts';
import { patientFileSummarySchema } from './me.ts';
import { patientFormSchema } from './patient-form.ts';
import { recordOf } from './api/record-id.ts';

/** The domain of generated login identifiers (patients without e-mail). */
export const GENERATED_LOGIN_DOMAIN = 'patients.telesuivi.invalid';
export const isGeneratedLogin = (email: string) => email.toLowerCase().endsWith(`@${GENERATED_LOGIN_DOMAIN}`);

const str = { type: ['string', 'null'] } as const;
/** A number as typed: a string reaches the rules (which say "integer required") instead of a schema error. */
const num = { type: ['number', 'string', 'null'] } as const;
const bool = { type: ['boolean', 'null'] } as const;

/** The person's part of the patient form (admission and operation dates belong to a file). */
const personFields = {
  firstNames: { ...str, description: 'Every first name, comma-separated: "Marie, Anne-Sophie" (required)' },
  firstBirthName: { ...str, description: 'The first of the birth first names (INS)' },
  birthName: { ...str, description: 'Without accents or diacritics (required)' },
  usedFirstName: str,
  usedLastName: str,
  sex: { ...str, description: 'male, female or unknown (required; no default)' },
  birthDate: { ...str, description: 'YYYY-MM-DD, not after today (required)' },
  birthPlaceInsee: { ...str, description: 'INSEE code of the birth commune, 5 letters or digits' },
  email: { ...str, description: 'At most 180 characters, not used by another account; required when there is no mobile phone' },
  mobilePhone: { ...str, description: 'French or international mobile, stored in E.164; required when there is no e-mail' },
  insNumber: { ...str, description: 'NIR and its 2-digit key' },
  oid: { ...str, description: "OID of the INS number's authority" },
  doubtful: bool,
  fictitious: bool,
  namesake: bool,
  globalReferenceValue: { ...num, description: 'An integer' },
  socialSecurityNumber: { ...str, description: '13 characters' },
  weightKg: num,
  heightCm: num,
  externalId: str,
  address: str,
  postalCode: str,
  city: str,
  birthCountry: { ...str, description: 'INSEE code of the country of birth: 99100 for France' },
} as const;

/** PUT /api/persons/:id: the whole profile (a field left out or blank is cleared). */
export const patientProfileBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: personFields,
} as const;
export type PatientProfileBody = FromSchema<typeof patientProfileBodySchema>;

/** POST /api/patient_files: the patient form, and the file opened for them in a service. */
export const patientCreateBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...personFields,
    admissionDate: { ...str, description: 'YYYY-MM-DD' },
    operationDate: { ...str, description: 'YYYY-MM-DD' },
    serviceId: { type: 'string', ...recordOf('service'), description: 'The service the file is opened in (required)' },
    startDate: { ...str, description: 'YYYY-MM-DD (required)' },
    endDate: { ...str, description: 'YYYY-MM-DD, after the start date' },
  },
} as const;
export type PatientCreateBody = FromSchema<typeof patientCreateBodySchema>;
export type PatientCreateField = keyof typeof patientCreateBodySchema.properties;

const text = { type: 'string' } as const;
const date = { type: 'string', format: 'date' } as const;

/** A patient's profile, as every screen showing it reads it (components: PatientProfile). */
export const patientProfileSchema = {
  type: 'object',
  required: ['id', 'login', 'firstName', 'lastName', 'identity'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    login: { type: 'string', description: 'The identifier the patient logs in with: their e-mail, or a generated one (patients without e-mail)' },
    firstName: { type: 'string', description: 'Display first name: the used one, else the first of the first names' },
    lastName: { type: 'string', description: 'Display last name: the used one, else the birth name' },
    firstNames: text,
    firstBirthName: text,
    birthName: text,
    usedFirstName: text,
    usedLastName: text,
    sex: { type: 'string', enum: ['male', 'female', 'unknown'] },
    birthDate: date,
    birthPlaceInsee: text,
    email: text,
    mobilePhone: text,
    insNumber: text,
    oid: text,
    globalReferenceValue: patientFormSchema.properties.globalReferenceValue,
    socialSecurityNumber: text,
    weightKg: { type: 'number' },
    heightCm: { type: 'number' },
    externalId: text,
    address: text,
    postalCode: text,
    city: text,
    birthCountry: text,
    identity: identitySchema,
    createdAt: dateTimeSchema,
  },
} as const;
export type PatientProfile = FromSchema<typeof patientProfileSchema>;

/** First-login credentials: answered once, by the creation; never stored in clear, never shown again. */
export const credentialsSchema = {
  type: 'object',
  required: ['login', 'temporaryPassword'],
  additionalProperties: false,
  properties: {
    login: { type: 'string', description: 'The e-mail, or the generated identifier of a patient without e-mail' },
    temporaryPassword: { type: 'string', description: 'To be changed at the first login' },
  },
} as const;

export const patientCreatedSchema = {
  type: 'object',
  required: ['patientFile', 'profile', 'credentials'],
  additionalProperties: false,
  properties: {
    patientFile: patientFileSummarySchema,
    profile: patientProfileSchema,
    credentials: credentialsSchema,
  },
} as const;
export type PatientCreated = FromSchema<typeof patientCreatedSchema>;
