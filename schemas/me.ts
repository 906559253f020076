import type { FromSchema } from 'json-schema-to-ts';
import {
  countSchema, dateTimeSchema, languageSchema, localeQueryProperties, PATIENT_FILE_STATUSES, privilegeSchema, roleSchema, uuidSchema,
} from './common.ts';
import { identitySchema } from './identity.ts';
import { localizedTextSchema } from './localized-text.ts';
import { CLOSING_REASON_TYPES } from './patient-file-status.ts';

export const TIMEZONE_AUTOMATIC = 'automatic';

export const meSchema = {
  $id: 'me',
  type: 'object',
  required: ['id', 'email', 'roles', 'firstName', 'lastName', 'language', 'selectedTimezone', 'timezone'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    email: { type: 'string' },
    roles: { type: 'array', items: roleSchema },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    usedFirstName: { type: ['string', 'null'] },
    usedName: { type: ['string', 'null'] },
    language: languageSchema,
    selectedTimezone: { type: 'string', description: "'automatic' or an IANA time zone" },
    timezone: { type: 'string', description: 'The time zone in effect for this request' },
    cguAcceptedAt: { ...dateTimeSchema, type: ['string', 'null'] },
    personalDataConsentAt: { ...dateTimeSchema, type: ['string', 'null'] },
  },
} as const;
export type Me = FromSchema<typeof meSchema>;

/** HEAD /me?l= saves the language: `l` is required there. */
export const saveLanguageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: localeQueryProperties,
} as const;

export const timezoneBodySchema = {
  type: 'object',
  required: ['selectedTimezone'],
  additionalProperties: false,
  properties: {
    selectedTimezone: { type: 'string', minLength: 1, maxLength: 64, description: "'automatic' or an IANA time zone" },
  },
} as const;
export type TimezoneBody = FromSchema<typeof timezoneBodySchema>;

/** The shortest password one may choose (spec 001 §5), at first login and when changing it. */
export const MIN_PASSWORD_LENGTH = 12;

export const passwordChangeBodySchema = {
  type: 'object',
  required: ['currentPassword', 'newPassword', 'confirmation'],
  additionalProperties: false,
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: 1024 },
    newPassword: { type: 'string', minLength: MIN_PASSWORD_LENGTH, maxLength: 1024 },
    confirmation: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;
export type PasswordChangeBody = FromSchema<typeof passwordChangeBodySchema>;

const privilegesList = { type: 'array', items: privilegeSchema } as const;

export const privilegeEntrySchema = {
  type: 'object',
  required: ['establishment', 'privileges', 'services'],
  additionalProperties: false,
  properties: {
    establishment: {
      type: 'object',
      required: ['id', 'name'],
      additionalProperties: false,
      properties: { id: uuidSchema, name: { type: 'string' } },
    },
    privileges: privilegesList,
    services: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'privileges'],
        additionalProperties: false,
        properties: { id: uuidSchema, name: { type: 'string' }, privileges: privilegesList },
      },
    },
  },
} as const;
export const privilegesResponseSchema = { $id: 'privileges', type: 'array', items: privilegeEntrySchema } as const;
export type PrivilegeEntry = FromSchema<typeof privilegeEntrySchema>;

export const patientFileSummarySchema = {
  type: 'object',
  required: ['id', 'status', 'createdAt', 'service'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    status: { type: 'string', enum: PATIENT_FILE_STATUSES },
    createdAt: dateTimeSchema,
    startDate: { type: ['string', 'null'], format: 'date' },
    endDate: { type: ['string', 'null'], format: 'date' },
    closedAt: { ...dateTimeSchema, type: ['string', 'null'] },
    closingReasonType: { oneOf: [{ type: 'null' }, { type: 'string', enum: CLOSING_REASON_TYPES }] },
    closingReason: { type: ['string', 'null'] },
    patient: {
      description: "Present only when the file is the user's own (spec 001 §3)",
      type: 'object',
      required: ['id', 'firstName', 'lastName'],
      additionalProperties: false,
      properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } },
    },
    patientName: { type: 'string', description: 'Display name of the patient, for caregivers' },
    patientBirthDate: { type: ['string', 'null'], format: 'date', description: "The patient's birth date, for the header that says whose file it is" },
    caregiver: { type: 'boolean', description: 'True when the user follows this file as a caregiver' },
    identity: { ...identitySchema, description: "The patient's digital identity (INS status and attributes): for a professional of the file only" },
    patientDataActive: { type: 'boolean', description: 'Whether the patient data of the file are active (spec 001 §7)' },
    inactiveThresholds: {
      type: 'array',
      description: 'For a professional of a file not closed (issue 18): the indicators whose thresholds in force are inactive (relative, no reference value), by French name; empty when none',
      items: {
        type: 'object', required: ['indicatorId', 'reference', 'name', 'inactiveBoundaries'], additionalProperties: false,
        properties: { indicatorId: uuidSchema, reference: { type: 'string' }, name: localizedTextSchema, inactiveBoundaries: { ...countSchema, minimum: 1 } },
      },
    },
    service: {
      type: 'object',
      required: ['id', 'name', 'establishment'],
      additionalProperties: false,
      properties: {
        id: uuidSchema,
        name: { type: 'string' },
        establishment: {
          type: 'object',
          required: ['id', 'name'],
          additionalProperties: false,
          properties: { id: uuidSchema, name: { type: 'string' } },
        },
      },
    },
  },
} as const;
export type PatientFileSummary = FromSchema<typeof patientFileSummarySchema>;
