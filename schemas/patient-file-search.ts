/**
 * The professional's patient-file list (spec 000 §2, spec 001 §7):
 * POST /establishments/{id}/patient_files/search with page, pageSize, sort and filters.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { listProperties, PATIENT_FILE_STATUSES, pageOf } from './common.ts';
import { patientFileSummarySchema } from './me.ts';
import { recordId } from './api/record-id.ts';

/** Columns the list sorts by; `-name` sorts descending. Ties are broken by the file id, so pages never overlap. */
export const PATIENT_FILE_SORT_FIELDS = ['patientName', 'birthDate', 'status', 'service', 'createdAt', 'startDate'] as const;
export type PatientFileSortField = (typeof PATIENT_FILE_SORT_FIELDS)[number];

/** Longest text accepted in the name search: spec 001 §9 (text 2 to 100). */
export const PATIENT_FILE_SEARCH_TEXT_MAX = 100;

export const patientFileSearchFiltersSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    text: {
      type: 'string',
      maxLength: PATIENT_FILE_SEARCH_TEXT_MAX,
      description: 'Words found in the first, last, birth or used names, in any case and with or without accents; every word must match',
    },
    birthDate: { type: 'string', format: 'date', description: 'Exact birth date' },
    identifier: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'External ID, INS number or social security number (exact or prefix), or the file id (exact)',
    },
    status: {
      type: 'array',
      uniqueItems: true,
      maxItems: PATIENT_FILE_STATUSES.length,
      items: { type: 'string', enum: PATIENT_FILE_STATUSES },
      description: 'Any of these statuses; absent or empty: all',
    },
    serviceIds: {
      type: 'array',
      uniqueItems: true,
      maxItems: 100,
      items: recordId('service'),
      description: "Any of these services of the establishment; absent or empty: every service the caller may open",
    },
  },
} as const;
export type PatientFileSearchFilters = FromSchema<typeof patientFileSearchFiltersSchema>;

export const patientFileSearchBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...listProperties({ sorts: PATIENT_FILE_SORT_FIELDS, defaultSort: 'patientName' }),
    filters: patientFileSearchFiltersSchema,
  },
} as const;
export type PatientFileSearchBody = FromSchema<typeof patientFileSearchBodySchema>;
export type PatientFileSort = NonNullable<PatientFileSearchBody['sort']>;

/** One row of the list: the file's summary plus the patient's names the list shows. */
export const patientFileRowSchema = {
  type: 'object',
  required: [...patientFileSummarySchema.required, 'patientName', 'patientFirstName', 'patientLastName', 'patientBirthDate'],
  additionalProperties: false,
  properties: {
    ...patientFileSummarySchema.properties,
    patientFirstName: { type: 'string' },
    patientLastName: { type: 'string' },
    patientBirthName: { type: ['string', 'null'] },
    patientUsedName: { type: ['string', 'null'] },
    patientExternalId: { type: ['string', 'null'] },
  },
} as const;
export type PatientFileRow = FromSchema<typeof patientFileRowSchema>;

export const patientFileSearchResponseSchema = pageOf(patientFileRowSchema);
export type PatientFileSearchResponse = FromSchema<typeof patientFileSearchResponseSchema>;
