/** Calls of questionnaires: forms of an establishment, assignment, tasks, responses, files. */
import type { FromSchema } from 'json-schema-to-ts';
import { countSchema, dateTimeSchema, localeQueryProperties, positiveIntegerSchema, uuidSchema } from './common.ts';
import { planningSchema } from './form.ts';
import { recordId } from './api/record-id.ts';

export { planningSchema };
export type Planning = FromSchema<typeof planningSchema>;

export const EVENT_STATUSES = ['available', 'ongoing', 'completed', 'expired', 'upcoming', 'free'] as const;

const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
const definition = { type: 'object', additionalProperties: true, description: 'The form definition (/ui/schemas/form)' } as const;

export const formSummarySchema = {
  type: 'object',
  required: ['id', 'reference', 'name', 'submissionType', 'version'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    reference: { type: 'string' },
    name: { type: 'string', description: 'In the language of the call' },
    submissionType: { type: 'string', enum: ['FREE', 'PLANNED'] },
    version: positiveIntegerSchema,
  },
} as const;
export type FormSummary = FromSchema<typeof formSummarySchema>;

export const formListSchema = { type: 'object', required: ['data'], additionalProperties: false, properties: { data: { type: 'array', items: formSummarySchema } } } as const;

export const formVersionSchema = {
  type: 'object',
  required: ['formId', 'version', 'definition'],
  additionalProperties: false,
  properties: { formId: uuidSchema, version: positiveIntegerSchema, definition },
} as const;

export const assignmentSchema = {
  type: 'object',
  required: ['id', 'patientFileId', 'formId', 'active', 'assignedAt'],
  additionalProperties: false,
  properties: {
    id: uuidSchema, patientFileId: uuidSchema, formId: uuidSchema, active: { type: 'boolean' },
    overload: { oneOf: [planningSchema, { type: 'null' }] }, assignedAt: dateTimeSchema,
    excludedAt: nullableDate,
  },
} as const;

/** What a questionnaire of a file is (spec 001 §4): answered as planned, deactivated, or excluded from the plan. */
export const FILE_FORM_STATUSES = ['active', 'deactivated', 'excluded'] as const;

/** One questionnaire of a patient file, for its Questionnaires tab. */
export const fileFormSchema = {
  type: 'object',
  required: ['id', 'formId', 'reference', 'name', 'submissionType', 'status', 'planning', 'overloaded', 'nextOccurrenceAt', 'lastAnsweredAt', 'lateCount', 'assignedAt'],
  additionalProperties: false,
  properties: {
    id: { ...uuidSchema, description: 'The assignment (patient_file_forms) id' },
    formId: uuidSchema,
    reference: { type: 'string' },
    name: { type: 'string', description: 'In the language of the call' },
    submissionType: { type: 'string', enum: ['FREE', 'PLANNED'] },
    status: { type: 'string', enum: FILE_FORM_STATUSES },
    /** The file's own planning when overloaded, else the questionnaire's; null for a FREE questionnaire without one. */
    planning: { oneOf: [planningSchema, { type: 'null' }] },
    overloaded: { type: 'boolean' },
    /** The next occurrence not yet opened or still open (null when excluded, deactivated, free or none left). */
    nextOccurrenceAt: nullableDate,
    lastAnsweredAt: nullableDate,
    /** Occurrences past their end, still answerable and not answered (0 when excluded or deactivated). */
    lateCount: countSchema,
    assignedAt: dateTimeSchema,
    excludedAt: nullableDate,
  },
} as const;
export type FileForm = FromSchema<typeof fileFormSchema>;
export const fileFormListSchema = { type: 'object', required: ['data'], additionalProperties: false, properties: { data: { type: 'array', items: fileFormSchema } } } as const;

export const overloadBodySchema = { type: 'object', required: ['planning'], additionalProperties: false, properties: { planning: planningSchema } } as const;
export type OverloadBody = FromSchema<typeof overloadBodySchema>;

export const taskSchema = {
  type: 'object',
  required: ['formId', 'reference', 'name', 'status', 'submissionType', 'late'],
  additionalProperties: false,
  properties: {
    occurrenceId: { ...uuidSchema, description: 'Absent for FREE forms' },
    formId: uuidSchema,
    reference: { type: 'string' },
    name: { type: 'string' },
    submissionType: { type: 'string', enum: ['FREE', 'PLANNED'] },
    status: { type: 'string', enum: EVENT_STATUSES },
    /** Past its end date but still answerable until its limit date. */
    late: { type: 'boolean' },
    startAt: dateTimeSchema,
    endAt: dateTimeSchema,
    limitAt: dateTimeSchema,
    responseId: uuidSchema,
  },
} as const;
export type Task = FromSchema<typeof taskSchema>;
export const taskListSchema = { type: 'object', required: ['data'], additionalProperties: false, properties: { data: { type: 'array', items: taskSchema } } } as const;

export const responseBodySchema = {
  type: 'object',
  required: ['formId', 'answers'],
  additionalProperties: false,
  properties: {
    formId: recordId('form'),
    occurrenceId: recordId('occurrence'),
    answers: { type: 'object' },
    /** The patient confirmed to continue and lose the earlier late occurrences. */
    skipEarlierLate: { type: 'boolean', default: false },
  },
} as const;
export type ResponseBody = FromSchema<typeof responseBodySchema>;

export const startBodySchema = {
  type: 'object', required: ['formId'], additionalProperties: false,
  properties: { formId: recordId('form'), occurrenceId: recordId('occurrence') },
} as const;
export type StartBody = FromSchema<typeof startBodySchema>;

export const formResponseSchema = {
  type: 'object',
  required: ['id', 'patientFileId', 'formId', 'formName', 'version', 'createdAt', 'answeredByCaregiver'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    patientFileId: uuidSchema,
    formId: uuidSchema,
    formName: { type: 'string' },
    version: positiveIntegerSchema,
    occurrenceId: { type: ['string', 'null'] },
    answers: { type: ['object', 'null'], additionalProperties: true },
    computed: { type: ['object', 'null'], additionalProperties: true },
    createdAt: dateTimeSchema,
    startedAt: nullableDate,
    answeredAt: nullableDate,
    endAt: nullableDate,
    limitAt: nullableDate,
    answeredBy: { type: ['string', 'null'], description: 'Display name of who answered' },
    answeredByCaregiver: { type: 'boolean' },
    definition,
  },
} as const;
export type FormResponse = FromSchema<typeof formResponseSchema>;
export const formResponseListSchema = { type: 'object', required: ['data'], additionalProperties: false, properties: { data: { type: 'array', items: formResponseSchema } } } as const;

export const formQuerySchema = {
  type: 'object', additionalProperties: false,
  properties: { ...localeQueryProperties, version: positiveIntegerSchema },
} as const;

/** POST /files/prepare (spec 001 §7). */
export const filePrepareBodySchema = {
  type: 'object', required: ['name'], additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 255 }, description: { type: 'string', maxLength: 500 }, public: { type: 'boolean', default: false } },
} as const;
export type FilePrepareBody = FromSchema<typeof filePrepareBodySchema>;

export const fileSchema = {
  type: 'object',
  required: ['id', 'name', 'public'],
  additionalProperties: false,
  properties: {
    id: uuidSchema, name: { type: 'string' }, description: { type: ['string', 'null'] }, public: { type: 'boolean' },
    mimeType: { type: ['string', 'null'] }, size: { type: ['integer', 'null'], minimum: 0, maximum: countSchema.maximum },
    upload_url: { type: 'string', description: 'Where to POST the file as multipart (field `file`)' },
  },
} as const;
export type FileRecord = FromSchema<typeof fileSchema>;

/** GET /forms/{id}/versions: every version of a questionnaire, newest first (its validation screen). */
export const formVersionEntrySchema = {
  type: 'object',
  required: ['formId', 'version', 'createdAt', 'current', 'definition'],
  additionalProperties: false,
  properties: { formId: uuidSchema, version: positiveIntegerSchema, createdAt: dateTimeSchema, current: { type: 'boolean' }, definition },
} as const;
export const formVersionListSchema = {
  type: 'object', required: ['reference', 'submissionType', 'data'], additionalProperties: false,
  properties: { reference: { type: 'string' }, submissionType: { type: 'string', enum: ['FREE', 'PLANNED'] }, data: { type: 'array', items: formVersionEntrySchema } },
} as const;
export type FormVersionList = FromSchema<typeof formVersionListSchema>;
