/**
 * The shapes of a patient's digital identity on the API (issue 10 §2): identity traits and status as a
 * professional reads them, the outcomes of a search and a verification against the national service,
 * identity-document types and documents, and the identity change with its proof. Contracts in
 * schemas/api/identity.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countSchema, dateTimeSchema, uuidSchema } from './common.ts';
import { identitySchema, identityStatusSchema } from './identity.ts';
import { serviceIdentitySchema } from './identity-service.ts';
import { patientFormSchema } from './patient-form.ts';
import { recordId } from './api/record-id.ts';

const form = patientFormSchema.properties;

/** Label bounds of an identity-document type (spec 001 §9 text: 2 to 100). */
export const IDENTITY_DOCUMENT_TYPE_LABEL = { min: 2, max: 100 } as const;

/** The identity traits the national service matches, as stored on the person (null: not recorded). */
export const identityTraitsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['birthName', 'firstNames', 'firstBirthName', 'birthDate', 'sex', 'birthPlaceInsee', 'insNumber', 'oid'],
  properties: {
    birthName: { type: ['string', 'null'] },
    firstNames: { type: ['string', 'null'] },
    firstBirthName: { type: ['string', 'null'] },
    birthDate: { type: ['string', 'null'], format: 'date' },
    sex: { type: ['string', 'null'] },
    birthPlaceInsee: { type: ['string', 'null'] },
    insNumber: { type: ['string', 'null'] },
    oid: { type: ['string', 'null'] },
  },
} as const;

/** GET /persons/{id}/identity: the identity status, its attributes and the traits. */
export const personIdentitySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['personId', 'identity', 'traits'],
  properties: { personId: uuidSchema, identity: identitySchema, traits: identityTraitsSchema },
} as const;
export type PersonIdentity = FromSchema<typeof personIdentitySchema>;

/** What a search answered (200 whatever the service did: every outcome is also written to the files' history). */
export const IDENTITY_SEARCH_OUTCOMES = ['found', 'not_found', 'several_matches', 'service_error', 'timeout'] as const;
export const identitySearchResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome', 'candidates'],
  properties: {
    outcome: { type: 'string', enum: IDENTITY_SEARCH_OUTCOMES },
    /** found: the one identity the service returned; empty otherwise. */
    candidates: { type: 'array', items: serviceIdentitySchema },
    /** several_matches: how many identities matched (the traits must be refined). */
    count: countSchema,
  },
} as const;
export type IdentitySearchResult = FromSchema<typeof identitySearchResultSchema>;

/**
 * What taking the identity found answered: the search's outcome, and the person after the call
 * (with the INS number and OID the service returned, verified, when `found`; unchanged otherwise).
 */
export const identityTakeResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome', 'person'],
  properties: {
    outcome: { type: 'string', enum: IDENTITY_SEARCH_OUTCOMES },
    person: personIdentitySchema,
  },
} as const;
export type IdentityTakeResult = FromSchema<typeof identityTakeResultSchema>;

export const IDENTITY_VERIFY_OUTCOMES = ['verified', 'not_verified', 'service_error', 'timeout'] as const;
export const identityVerifyResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome', 'identity'],
  properties: {
    outcome: { type: 'string', enum: IDENTITY_VERIFY_OUTCOMES },
    /** The person's identity after the call (status RECOVERED or QUALIFIED when verified; unchanged otherwise). */
    identity: identitySchema,
  },
} as const;
export type IdentityVerifyResult = FromSchema<typeof identityVerifyResultSchema>;

export const identityDocumentTypeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'establishmentId', 'label', 'inUse'],
  properties: {
    id: uuidSchema,
    establishmentId: uuidSchema,
    label: { type: 'string' },
    /** Documents of this type exist: it cannot be deleted (spec 001 §8). */
    inUse: { type: 'boolean' },
  },
} as const;
export type IdentityDocumentType = FromSchema<typeof identityDocumentTypeSchema>;

export const identityDocumentTypeBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: { label: { type: 'string', minLength: IDENTITY_DOCUMENT_TYPE_LABEL.min, maxLength: IDENTITY_DOCUMENT_TYPE_LABEL.max } },
} as const;

export const identityDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'personId', 'establishmentId', 'type', 'file', 'uploadedBy', 'createdAt', 'confirmedBy', 'confirmedAt'],
  properties: {
    id: uuidSchema,
    personId: uuidSchema,
    establishmentId: uuidSchema,
    type: { type: 'object', additionalProperties: false, required: ['id', 'label'], properties: { id: uuidSchema, label: { type: 'string' } } },
    file: {
      type: 'object', additionalProperties: false, required: ['id', 'name', 'mimeType', 'size'],
      properties: { id: uuidSchema, name: { type: 'string' }, mimeType: { type: ['string', 'null'] }, size: { type: ['integer', 'null'], minimum: 0, maximum: countSchema.maximum } },
    },
    /** Who uploaded it and who confirmed it as a proof of identity: "First Last". */
    uploadedBy: { type: 'string' },
    createdAt: dateTimeSchema,
    confirmedBy: { type: ['string', 'null'] },
    confirmedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;
export type IdentityDocument = FromSchema<typeof identityDocumentSchema>;

/**
 * PUT /persons/{id}/identity: any identity trait and attribute, with the proof a professional confirms.
 * Trait values follow the patient form's rules (schemas/patient-form.ts); a trait sent as null or '' is cleared.
 */
export const identityChangeBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    proofDocumentId: { ...recordId('identityDocument'), description: 'An identity document of the person in an establishment where the caller reaches one of their files; the caller confirms it' },
    birthName: { type: ['string', 'null'], maxLength: form.birthName.maxLength },
    firstNames: { type: ['string', 'null'], maxLength: form.firstNames.maxLength },
    firstBirthName: { type: ['string', 'null'], maxLength: form.firstBirthName.maxLength },
    birthDate: { type: ['string', 'null'], maxLength: 32 },
    sex: { type: ['string', 'null'], maxLength: 16 },
    birthPlaceInsee: { type: ['string', 'null'], maxLength: 16 },
    insNumber: { type: ['string', 'null'], maxLength: form.insNumber.maxLength },
    oid: { type: ['string', 'null'], maxLength: form.oid.maxLength },
    doubtful: { type: 'boolean' },
    fictitious: { type: 'boolean' },
    namesake: { type: 'boolean' },
  },
} as const;
export type IdentityChangeBody = FromSchema<typeof identityChangeBodySchema>;
