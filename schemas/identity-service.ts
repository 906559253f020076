/**
 * The national digital-identity service (issue 10, spec 000 §1, spec 001 §5): what the platform sends to
 * search or verify a patient's identity, and what the service answers. The adapter
 * (server/identity-service/adapter.ts) and the local simulator (server/identity-service/simulator.ts) both
 * speak this contract, so a care route can be written once against it.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** The patient form's sexes (spec 001 §3 "Patient form"). */
export const IDENTITY_SEXES = ['male', 'female', 'unknown'] as const;

/** Longest birth name and first names: spec 001 §5 (up to 100 characters). */
export const IDENTITY_NAME_MAX = 100;

const birthName = { type: 'string', minLength: 1, maxLength: IDENTITY_NAME_MAX, description: 'Birth name' } as const;
const firstNames = {
  type: 'string',
  minLength: 1,
  maxLength: IDENTITY_NAME_MAX,
  description: 'First names in civil-status order, comma-separated ("Marie, Louise")',
} as const;
const birthDate = { type: 'string', format: 'date', description: 'Birth date, YYYY-MM-DD' } as const;
const sex = { type: 'string', enum: IDENTITY_SEXES } as const;
/** INS number: 13 characters of the social-security number (Corsica 2A/2B allowed) and a 2-digit check key. */
const insNumber = {
  type: 'string',
  pattern: '^[0-9]{6}[0-9AB][0-9]{8}$',
  description: 'INS number: 13 characters and its 2-digit key (97 minus the number modulo 97)',
} as const;
/** The OID says which register gave the INS number (production NIR, test NIR, NIA…). */
const oid = { type: 'string', pattern: '^[0-2](\\.(0|[1-9][0-9]*))+$', maxLength: 64, description: 'OID of the register that gave the INS number' } as const;

/** Search (spec 001 §5): birth name, first names, birth date and sex are all required. */
export const identitySearchRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['birthName', 'firstNames', 'birthDate', 'sex'],
  properties: { birthName, firstNames, birthDate, sex },
} as const;
export type IdentitySearchRequest = FromSchema<typeof identitySearchRequestSchema>;

/** Verification: the same traits, plus the INS number and its OID. */
export const identityVerifyRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['birthName', 'firstNames', 'birthDate', 'sex', 'insNumber', 'oid'],
  properties: { birthName, firstNames, birthDate, sex, insNumber, oid },
} as const;
export type IdentityVerifyRequest = FromSchema<typeof identityVerifyRequestSchema>;

/** An identity as the service knows it (the reference traits the patient file copies when verified). */
export const serviceIdentitySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['insNumber', 'oid', 'birthName', 'firstNames', 'sex', 'birthDate', 'birthPlaceInseeCode'],
  properties: {
    insNumber,
    oid,
    birthName,
    firstNames,
    sex,
    birthDate,
    birthPlaceInseeCode: { type: 'string', pattern: '^[0-9A-Z]{5}$', description: 'INSEE code of the birth place (5 characters)' },
  },
} as const;
export type ServiceIdentity = FromSchema<typeof serviceIdentitySchema>;

const foundAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'identity'],
  properties: { status: { const: 'found' }, identity: serviceIdentitySchema },
} as const;
const notFoundAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { const: 'not_found' } },
} as const;
const severalMatchesAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'count'],
  properties: {
    status: { const: 'several_matches' },
    count: { type: 'integer', minimum: 2, maximum: 1000, description: 'How many identities matched: the traits must be refined' },
  },
} as const;
/** The service's own failure (unavailable, internal error): answered with a 5xx status. */
export const identityServiceErrorAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'code', 'message'],
  properties: {
    status: { const: 'error' },
    code: { type: 'string', maxLength: 100 },
    message: { type: 'string', maxLength: 1000 },
  },
} as const;
export type IdentityServiceErrorAnswer = FromSchema<typeof identityServiceErrorAnswerSchema>;

/** POST /identities/search answers (200). */
export const identitySearchAnswerSchema = { oneOf: [foundAnswer, notFoundAnswer, severalMatchesAnswer] } as const;
export type IdentitySearchAnswer = FromSchema<typeof identitySearchAnswerSchema>;

/** POST /identities/verify answers (200): the identity when INS number, OID and traits all match. */
export const identityVerifyAnswerSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'identity'],
      properties: { status: { const: 'verified' }, identity: serviceIdentitySchema },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['status'],
      properties: { status: { const: 'not_verified' } },
    },
  ],
} as const;
export type IdentityVerifyAnswer = FromSchema<typeof identityVerifyAnswerSchema>;

/**
 * What the adapter returns: the service's answer, or a stable failure the care route writes to the history
 * (spec 001 §3 "identity search and verification (and failure)"). `invalid_request`: a required trait is
 * missing or malformed, the service was not called.
 */
export type IdentityFailure =
  | { outcome: 'service_error'; detail: string }
  | { outcome: 'timeout' }
  | { outcome: 'invalid_request'; fields: string[] };
export type IdentitySearchOutcome =
  | { outcome: 'found'; identity: ServiceIdentity }
  | { outcome: 'not_found' }
  | { outcome: 'several_matches'; count: number }
  | IdentityFailure;
export type IdentityVerifyOutcome =
  | { outcome: 'verified'; identity: ServiceIdentity }
  | { outcome: 'not_verified' }
  | IdentityFailure;
