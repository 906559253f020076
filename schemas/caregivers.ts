/**
 * Caregivers of a patient file (issue 10 §4 "Caregivers", spec 001 §4: added or removed). A
 * caregiver is a patient-side account (ROLE_PATIENT) following someone else's file: an existing
 * account named by its e-mail, or a new one created with one-time credentials, answered once.
 * The new account's names follow the patient form's rules (text 2 to 100, letters and
 * separators), its e-mail the form's e-mail rule (format, 180, not used by another account), its
 * optional mobile phone the form's phone rule.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, uuidSchema } from './common.ts';
import { EMAIL_PATTERN, PATIENT_FORM_LIMITS } from './patient-form.ts';

const L = PATIENT_FORM_LIMITS;

export const newCaregiverAccountSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['firstName', 'lastName', 'email'],
  properties: {
    firstName: { type: 'string', minLength: L.textMin, maxLength: L.textMax },
    lastName: { type: 'string', minLength: L.textMin, maxLength: L.textMax },
    email: { type: 'string', maxLength: L.emailMax, pattern: EMAIL_PATTERN, description: 'The login of the new account; not used by another account' },
    mobilePhone: { type: 'string', maxLength: 32, description: 'French or international mobile, stored in E.164' },
  },
} as const;
export type NewCaregiverAccount = FromSchema<typeof newCaregiverAccountSchema>;

/**
 * Either `email` (an existing patient-side account) or `newAccount`; the rules are checked by the
 * route, each on its field in the request's language (a schema's oneOf would answer one generic error).
 */
export const addCaregiverBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string', maxLength: 1000, description: 'E-mail of an existing patient-side account of the establishment' },
    newAccount: {
      type: 'object', additionalProperties: false,
      properties: {
        firstName: { type: 'string', maxLength: 1000 }, lastName: { type: 'string', maxLength: 1000 },
        email: { type: 'string', maxLength: 1000 }, mobilePhone: { type: 'string', maxLength: 1000 },
      },
      description: 'A new account, created with a temporary password shown once (firstName, lastName 2 to 100; email; mobilePhone optional)',
    },
  },
} as const;
export type AddCaregiverBody = FromSchema<typeof addCaregiverBodySchema>;

export const caregiverSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'firstName', 'lastName', 'email', 'phone', 'addedAt'],
  properties: {
    userId: uuidSchema,
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    phone: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    addedAt: dateTimeSchema,
  },
} as const;
export type Caregiver = FromSchema<typeof caregiverSchema>;

export const caregiverListSchema = { type: 'array', items: caregiverSchema } as const;

export const addedCaregiverSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['caregiver'],
  properties: {
    caregiver: caregiverSchema,
    /** Only when a new account was created: its login and temporary password, in this answer and never again. */
    credentials: {
      type: 'object', additionalProperties: false, required: ['login', 'temporaryPassword'],
      properties: { login: { type: 'string' }, temporaryPassword: { type: 'string' } },
    },
  },
} as const;
export type AddedCaregiver = FromSchema<typeof addedCaregiverSchema>;
