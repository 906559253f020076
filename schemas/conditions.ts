/**
 * A patient's conditions (issue 10 §4 "Conditions", spec 001 §7 `GET conditions`), chosen from
 * the pathologies of the file's establishment (back office `pathologies/:slug`). Names and
 * descriptions are localised texts {fr, en, ar}; the answers carry them whole and the screen
 * reads them with textIn().
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, PATIENT_FILE_STATUSES, uuidSchema } from './common.ts';
import { recordId } from './api/record-id.ts';

/** spec 001 §9: a text area holds 2 to 500 characters. */
export const CONDITION_NOTE_MIN = 2;
export const CONDITION_NOTE_MAX = 500;

const localisedSchema = {
  type: 'object',
  required: ['fr'],
  additionalProperties: false,
  properties: { fr: { type: 'string' }, en: { type: 'string' }, ar: { type: 'string' } },
} as const;

export const pathologySchema = {
  type: 'object',
  required: ['id', 'slug', 'name', 'description'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    slug: { type: 'string' },
    name: localisedSchema,
    description: { anyOf: [localisedSchema, { type: 'null' }] },
  },
} as const;
export type Pathology = FromSchema<typeof pathologySchema>;

export const pathologyListSchema = {
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: { data: { type: 'array', items: pathologySchema } },
} as const;

export const conditionSchema = {
  type: 'object',
  required: ['id', 'patientFileId', 'pathology', 'diagnosedOn', 'note', 'createdAt'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    patientFileId: uuidSchema,
    pathology: pathologySchema,
    diagnosedOn: { type: ['string', 'null'], format: 'date' },
    note: { type: ['string', 'null'] },
    createdAt: dateTimeSchema,
    createdBy: {
      anyOf: [{
        type: 'object', required: ['id', 'name'], additionalProperties: false,
        properties: { id: uuidSchema, name: { type: 'string' } },
      }, { type: 'null' }],
    },
  },
} as const;
export type Condition = FromSchema<typeof conditionSchema>;

export const conditionListSchema = {
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: { data: { type: 'array', items: conditionSchema } },
} as const;

export const conditionBodySchema = {
  type: 'object',
  required: ['pathologyId'],
  additionalProperties: false,
  properties: {
    pathologyId: recordId('pathology'),
    diagnosedOn: { type: 'string', maxLength: 10, description: 'YYYY-MM-DD, not after today' },
    note: { type: 'string', maxLength: 1000, description: `${CONDITION_NOTE_MIN} to ${CONDITION_NOTE_MAX} characters` },
  },
} as const;
export type ConditionBody = FromSchema<typeof conditionBodySchema>;

/** The condition screen (`/s/:structureIndex/condition/:id`): the condition, its file and patient. */
export const conditionDetailSchema = {
  type: 'object',
  required: ['condition', 'patientFile'],
  additionalProperties: false,
  properties: {
    condition: conditionSchema,
    patientFile: {
      type: 'object',
      required: ['id', 'status', 'serviceName', 'establishmentId', 'patient'],
      additionalProperties: false,
      properties: {
        id: uuidSchema,
        status: { type: 'string', enum: PATIENT_FILE_STATUSES },
        serviceName: { type: 'string' },
        establishmentId: uuidSchema,
        patient: {
          type: 'object',
          required: ['id', 'firstName', 'lastName', 'birthDate'],
          additionalProperties: false,
          properties: {
            id: uuidSchema,
            firstName: { type: 'string' },
            lastName: { type: 'string' },
            usedName: { type: ['string', 'null'] },
            birthDate: { type: ['string', 'null'] },
          },
        },
      },
    },
  },
} as const;
export type ConditionDetail = FromSchema<typeof conditionDetailSchema>;
