/**
 * The patient file's history (spec 001 §3 "Patient-file history entries", issue 10 §4):
 * GET /patient_files/{id}/history, newest first (occurredAt desc, then id desc: one fixed order,
 * so there is no `sort`), paged with the list pattern, filtered by kinds and by a range of days
 * in the caller's time zone. Each entry says who did it and on whose behalf.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import { HISTORY_KINDS, historyKindSchema } from './history.ts';

/** The one order of the history: its name as a list definition reads it (no other is offered). */
export const HISTORY_SORT = '-occurredAt' as const;

const { page, pageSize } = listProperties({ sorts: ['occurredAt'], defaultSort: HISTORY_SORT });

export const patientFileHistoryQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    page,
    pageSize,
    kinds: {
      type: 'array',
      uniqueItems: true,
      maxItems: HISTORY_KINDS.length,
      items: historyKindSchema,
      description: 'Only entries of these kinds (`?kinds=NOTE_ADDED&kinds=FILE_CLOSED`); absent: every kind',
    },
    from: { type: 'string', format: 'date', description: "First day included, in the caller's time zone" },
    to: { type: 'string', format: 'date', description: "Last day included, in the caller's time zone; not before `from`" },
  },
} as const;
export type PatientFileHistoryQuery = FromSchema<typeof patientFileHistoryQuerySchema>;

const personSchema = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: uuidSchema, name: { type: 'string' } },
} as const;

export const historyEntrySchema = {
  type: 'object',
  required: ['id', 'kind', 'occurredAt', 'payload', 'actor', 'onBehalfOf'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    kind: historyKindSchema,
    occurredAt: dateTimeSchema,
    payload: { type: 'object', additionalProperties: true, description: 'What the entry is about; its keys depend on the kind' },
    actor: { ...personSchema, type: ['object', 'null'], description: 'Who did it; null for the platform itself (automatic close)' },
    onBehalfOf: { ...personSchema, type: ['object', 'null'], description: 'For whom, when someone acted for another person (a caregiver for the patient)' },
  },
} as const;
export type HistoryEntry = FromSchema<typeof historyEntrySchema>;

export const patientFileHistoryPageSchema = pageOf(historyEntrySchema);
export type PatientFileHistoryPage = FromSchema<typeof patientFileHistoryPageSchema>;
