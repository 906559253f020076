/**
 * Documents of a patient file (spec 001 §3 Document, §7 "Documents and files"): a title, a type
 * among the ten, a file or an external link (a video), dates, who may see it, and its
 * acknowledgement by a professional. The rules (documentBodyError) are shared by the server and
 * the add form, so both say the same thing on the same field.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countSchema, dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import type { ErrorCode } from './errors.ts';
import { isFullDate } from './patient-form/dates.ts';
import { PATIENT_FORM_LIMITS } from './patient-form.ts';
import { recordId } from './api/record-id.ts';

/** The ten document types of spec 001 §3, in its order. */
export const DOCUMENT_TYPES = [
  'TELEMONITORING_PRESCRIPTION', 'PRESCRIPTION', 'MEDICATION_PRESCRIPTION', 'ANALYSIS_RESULTS', 'IMAGING',
  'THERAPEUTIC_DOCUMENT', 'INFORMATION_DOCUMENT', 'REPORT', 'OTHER', 'IDENTITY_DOCUMENT',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Waiting for a professional, then acknowledged by a person on a date (spec 001 §3). */
export const ACKNOWLEDGEMENT_STATUSES = ['WAITING', 'ACKNOWLEDGED'] as const;

/**
 * Which documents a list shows: the live ones (default), the excluded ones, those entered in
 * error, or all. The patient's side only ever sees live ones.
 */
export const DOCUMENT_STATES = ['active', 'excluded', 'entered_in_error', 'all'] as const;

export const DOCUMENT_SORT_FIELDS = ['createdAt', 'title', 'type'] as const;

/** A title is a text field (spec 001 §5: 2 to 100 characters); a description a text area (2 to 500). */
export const DOCUMENT_LIMITS = {
  titleMin: PATIENT_FORM_LIMITS.textMin, titleMax: PATIENT_FORM_LIMITS.textMax,
  descriptionMin: PATIENT_FORM_LIMITS.textAreaMin, descriptionMax: PATIENT_FORM_LIMITS.textAreaMax,
  urlMax: 2000,
} as const;

export const documentListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: DOCUMENT_SORT_FIELDS, defaultSort: '-createdAt' }),
    type: { type: 'string', enum: DOCUMENT_TYPES, description: 'Only documents of this type' },
    state: { type: 'string', enum: DOCUMENT_STATES, default: 'active', description: 'active (default), excluded, entered_in_error or all: professionals only beyond active' },
  },
} as const;
export type DocumentListQuery = FromSchema<typeof documentListQuerySchema>;

const optionalDate = { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }], description: 'YYYY-MM-DD' } as const;

/** A loose body (types only): the rules run in documentBodyError, one code per rule on its field. */
export const documentBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'type'],
  properties: {
    title: { type: 'string', maxLength: 2000 },
    description: { anyOf: [{ type: 'string', maxLength: 20_000 }, { type: 'null' }] },
    type: { type: 'string', enum: DOCUMENT_TYPES },
    /** An uploaded file of the caller's (POST /files/prepare, then its upload_url), not attached yet. */
    fileId: recordId('upload'),
    /** An external link (a video), http or https: instead of a file. */
    externalUrl: { type: 'string', maxLength: 20_000 },
    startDate: optionalDate,
    endDate: optionalDate,
    reminderDate: optionalDate,
    /** Professionals only choose; a document from the patient's side is always visible to the patient. */
    visibleToPatient: { type: 'boolean' },
    visibleToCaregivers: { type: 'boolean' },
  },
} as const;
export type DocumentBody = FromSchema<typeof documentBodySchema>;

/**
 * An edit (PATCH): the fields that change (those left out keep their value); the file or link
 * does not (another file is another document). The merged document passes documentBodyError as
 * an added one does.
 */
const { fileId: _fileId, externalUrl: _externalUrl, ...changeProperties } = documentBodySchema.properties;
export const documentChangeBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: changeProperties,
} as const;
export type DocumentChange = FromSchema<typeof documentChangeBodySchema>;
/** The fields an edit may change, in the order DOCUMENT_UPDATED lists them. */
export const DOCUMENT_CHANGE_FIELDS = ['title', 'description', 'type', 'startDate', 'endDate', 'reminderDate', 'visibleToPatient', 'visibleToCaregivers'] as const;
export type DocumentChangeField = (typeof DOCUMENT_CHANGE_FIELDS)[number];


const chars = (text: string) => [...text].length;

/** The body's first broken rule, on its field; undefined when the body is a valid document. */
export function documentBodyError(body: DocumentBody): { code: ErrorCode; field: string; params?: Record<string, number> } | undefined {
  const title = chars(body.title.trim());
  if (title === 0) return { code: 'field_required', field: 'body.title' };
  if (title < DOCUMENT_LIMITS.titleMin) return { code: 'value_too_short', field: 'body.title', params: { min: DOCUMENT_LIMITS.titleMin } };
  if (chars(body.title) > DOCUMENT_LIMITS.titleMax) return { code: 'value_too_long', field: 'body.title', params: { max: DOCUMENT_LIMITS.titleMax } };
  if (body.description) {
    const d = chars(body.description.trim());
    if (d > 0 && d < DOCUMENT_LIMITS.descriptionMin) return { code: 'value_too_short', field: 'body.description', params: { min: DOCUMENT_LIMITS.descriptionMin } };
    if (chars(body.description) > DOCUMENT_LIMITS.descriptionMax) return { code: 'value_too_long', field: 'body.description', params: { max: DOCUMENT_LIMITS.descriptionMax } };
  }
  const hasFile = body.fileId !== undefined;
  const hasLink = body.externalUrl !== undefined && body.externalUrl.trim() !== '';
  if (hasFile === hasLink) return { code: 'document_file_or_link', field: 'body.fileId' };
  if (hasLink && !isWebLink(body.externalUrl!)) return { code: 'bad_url', field: 'body.externalUrl' };
  for (const name of ['startDate', 'endDate', 'reminderDate'] as const) {
    const value = body[name];
    if (value && !isFullDate(value)) return { code: 'date_invalid', field: `body.${name}` };
  }
  const { startDate, endDate, reminderDate } = body;
  if (startDate && endDate && endDate <= startDate) return { code: 'end_date_before_start', field: 'body.endDate' };
  // Spec 001 §5: the reminder between start and end, or on or after the start.
  if (reminderDate && startDate && reminderDate < startDate) return { code: 'reminder_outside_period', field: 'body.reminderDate' };
  if (reminderDate && endDate && reminderDate > endDate) return { code: 'reminder_outside_period', field: 'body.reminderDate' };
  return undefined;
}

export function isWebLink(value: string): boolean {
  if (value.length > DOCUMENT_LIMITS.urlMax) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const personSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'firstName', 'lastName'],
  properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } },
} as const;
const nullableDateTime = { anyOf: [dateTimeSchema, { type: 'null' }] } as const;
/** A calendar day (YYYY-MM-DD) or none, as stored. */
export const nullableDay = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;

export const documentSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id', 'patientFileId', 'type', 'title', 'description', 'file', 'externalUrl', 'startDate', 'endDate', 'reminderDate',
    'visibleToPatient', 'visibleToCaregivers', 'providedAsCaregiver', 'source', 'createdBy', 'createdAt',
    'acknowledgement', 'excludedAt', 'enteredInError',
  ],
  properties: {
    id: uuidSchema,
    patientFileId: uuidSchema,
    type: { type: 'string', enum: DOCUMENT_TYPES },
    title: { type: 'string' },
    description: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    file: {
      anyOf: [{ type: 'null' }, {
        type: 'object', additionalProperties: false, required: ['id', 'name', 'mimeType', 'size'],
        properties: { id: uuidSchema, name: { type: 'string' }, mimeType: { anyOf: [{ type: 'string' }, { type: 'null' }] }, size: { type: ['integer', 'null'], minimum: 0, maximum: countSchema.maximum } },
      }],
    },
    externalUrl: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    startDate: nullableDay,
    endDate: nullableDay,
    reminderDate: nullableDay,
    visibleToPatient: { type: 'boolean' },
    visibleToCaregivers: { type: 'boolean' },
    providedAsCaregiver: { type: 'boolean' },
    source: { type: 'string', enum: ['patient', 'caregiver', 'professional'] },
    createdBy: personSchema,
    createdAt: dateTimeSchema,
    acknowledgement: {
      type: 'object', additionalProperties: false, required: ['status', 'at'],
      properties: { status: { type: 'string', enum: ACKNOWLEDGEMENT_STATUSES }, at: nullableDateTime, by: personSchema },
    },
    excludedAt: nullableDateTime,
    enteredInError: {
      anyOf: [{ type: 'null' }, {
        type: 'object', additionalProperties: false, required: ['at', 'by', 'reason'],
        properties: { at: dateTimeSchema, by: personSchema, reason: { type: 'string' } },
      }],
    },
  },
} as const;
export type PatientDocument = FromSchema<typeof documentSchema>;

export const documentPageSchema = pageOf(documentSchema);

/**
 * Documents of the patient's side waiting for a professional's acknowledgement in an
 * establishment's files the caller opens (the dashboard's documents-and-messaging block): whose,
 * in which service, what, when; the document itself is read through its file.
 */
export const WAITING_DOCUMENT_SORT_FIELDS = ['createdAt', 'patient'] as const;
export const waitingDocumentListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: WAITING_DOCUMENT_SORT_FIELDS, defaultSort: 'createdAt' }),
  },
} as const;
export type WaitingDocumentListQuery = FromSchema<typeof waitingDocumentListQuerySchema>;

export const waitingDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'patientFileId', 'patient', 'service', 'type', 'title', 'source', 'createdAt'],
  properties: {
    id: recordId('document'),
    patientFileId: recordId('patientFile'),
    patient: {
      type: 'object', additionalProperties: false, required: ['firstName', 'lastName'],
      properties: { firstName: { type: 'string' }, lastName: { type: 'string' } },
    },
    service: { type: 'string' },
    type: { type: 'string', enum: DOCUMENT_TYPES },
    title: { type: 'string' },
    source: { type: 'string', enum: ['patient', 'caregiver'] },
    createdAt: dateTimeSchema,
  },
} as const;
export type WaitingDocument = FromSchema<typeof waitingDocumentSchema>;
export const waitingDocumentPageSchema = pageOf(waitingDocumentSchema);
