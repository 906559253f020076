/**
 * Alerts as professionals follow them (issue 11 §4, spec 000 §4 "Alert: pending or closed"):
 * the establishment's alerts list (GET /establishments/{id}/alerts, the list pattern), the context
 * of an alert batch (GET /alert_batches/{id}), and the changes a professional makes to an alert
 * (PUT /alerts/{alertId} a status and/or a comment added to its thread; POST /alerts/{alertId}/close).
 *
 * Catalogue names (levels, indicators, statuses) travel as their localised texts {fr, en?, ar?};
 * the client shows them in its language (textIn), so a change of language needs no new request.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import { indicatorDecimalsSchema, levelRankSchema } from './catalogue.ts';
import { historyEntrySchema } from './patient-file-history.ts';
import { PATIENT_FILE_SEARCH_TEXT_MAX } from './patient-file-search.ts';
import { alertColourSchema, ALERT_BATCH_SOURCES, ALERT_KINDS, alertKindSchema, alertStateSchema, BOUNDARY_OPERATORS, boundaryModeSchema, boundaryOperatorSchema, SYSTEM_ALERT_STATUSES, systemAlertStatusSchema, boundaryStateProperties } from './telemonitoring.ts';
import { recordId } from './api/record-id.ts';

/** The list's sorts: when raised (default newest first), the level's rank (1 the most urgent), the patient's name. */
export const ALERT_SORT_FIELDS = ['raisedAt', 'level', 'patientName'] as const;
export const ALERT_DEFAULT_SORT = '-raisedAt' as const;

/** A catalogue name as stored: French always, English and Arabic when given. */
const nameSchema = {
  type: 'object',
  required: ['fr'],
  additionalProperties: false,
  properties: { fr: { type: 'string' }, en: { type: 'string' }, ar: { type: 'string' } },
} as const;

export const alertListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: ALERT_SORT_FIELDS, defaultSort: ALERT_DEFAULT_SORT }),
    status: { ...alertStateSchema, description: 'PENDING or CLOSED; absent: both' },
    levelIds: {
      type: 'array', uniqueItems: true, maxItems: 20, items: recordId('interventionLevel'),
      description: "Any of these intervention levels of the establishment (`?levelIds=…&levelIds=…`); absent: every level",
    },
    kinds: { type: 'array', uniqueItems: true, maxItems: ALERT_KINDS.length, items: alertKindSchema, description: 'Any of these kinds; absent: all' },
    serviceIds: {
      type: 'array', uniqueItems: true, maxItems: 100, items: recordId('service'),
      description: 'Any of these services of the establishment; absent: every service whose files the caller may open',
    },
    patientFileId: { ...recordId('patientFile'), description: "One patient file's alerts" },
    patient: {
      type: 'string', maxLength: PATIENT_FILE_SEARCH_TEXT_MAX,
      description: "Words of the patient's names, in any case, with or without accents; every word must match",
    },
    from: { type: 'string', format: 'date', description: "First day included, in the caller's time zone" },
    to: { type: 'string', format: 'date', description: "Last day included, in the caller's time zone; not before `from`" },
  },
} as const;
export type AlertListQuery = FromSchema<typeof alertListQuerySchema>;
export type AlertSort = NonNullable<AlertListQuery['sort']>;

const personNameSchema = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: uuidSchema, name: { type: 'string' } },
} as const;

export const alertLevelSchema = {
  type: 'object',
  required: ['id', 'name', 'rank', 'colour'],
  additionalProperties: false,
  properties: { id: uuidSchema, name: nameSchema, rank: levelRankSchema, colour: alertColourSchema },
} as const;
export type AlertLevel = FromSchema<typeof alertLevelSchema>;

export const alertIndicatorSchema = {
  type: 'object',
  required: ['id', 'reference', 'name', 'unitSymbol', 'decimals'],
  additionalProperties: false,
  properties: { id: uuidSchema, reference: { type: 'string' }, name: nameSchema, unitSymbol: { type: 'string' }, decimals: indicatorDecimalsSchema },
} as const;

/** One alert, as the list and the batch context show it. */
export const alertRowSchema = {
  type: 'object',
  required: ['id', 'batchId', 'kind', 'status', 'raisedAt', 'level', 'indicator', 'measure', 'operator', 'threshold', 'crossing',
    'alertStatus', 'systemStatus', 'patient', 'patientFileId', 'service', 'updatedAt', 'updatedBy', 'closedAt', 'closedBy'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    batchId: uuidSchema,
    kind: alertKindSchema,
    status: alertStateSchema,
    raisedAt: dateTimeSchema,
    level: { ...alertLevelSchema, type: ['object', 'null'] },
    indicator: { ...alertIndicatorSchema, type: ['object', 'null'] },
    measure: {
      type: ['object', 'null'],
      required: ['id', 'value', 'measuredAt', 'enteredValue', 'enteredUnit'],
      additionalProperties: false,
      description: "The value that raised it, in the indicator's unit, and as it was entered",
      properties: { id: uuidSchema, value: { type: 'number' }, measuredAt: dateTimeSchema, enteredValue: { type: 'number' }, enteredUnit: { type: 'string' } },
    },
    operator: { type: ['string', 'null'], enum: [...BOUNDARY_OPERATORS, null], description: 'The operator of the boundary crossed, as it was then' },
    threshold: { type: ['number', 'null'], description: "The threshold crossed, in the indicator's unit, as it was then" },
    crossing: { type: 'object', additionalProperties: true, description: 'What was crossed, as recorded when the alert was raised' },
    alertStatus: {
      type: ['object', 'null'],
      required: ['id', 'name', 'closesAlert'],
      additionalProperties: false,
      properties: { id: uuidSchema, name: nameSchema, closesAlert: { type: 'boolean' } },
    },
    systemStatus: { ...systemAlertStatusSchema, type: ['string', 'null'], enum: [...SYSTEM_ALERT_STATUSES, null], description: 'Why the system closed it (closedBy null); null when a person did or it is pending' },
    patient: {
      type: 'object',
      required: ['id', 'firstName', 'lastName', 'birthDate'],
      additionalProperties: false,
      properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' }, birthDate: { type: ['string', 'null'], format: 'date' } },
    },
    patientFileId: uuidSchema,
    service: { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: uuidSchema, name: { type: 'string' } } },
    updatedAt: { ...dateTimeSchema, type: ['string', 'null'] },
    updatedBy: { ...personNameSchema, type: ['object', 'null'] },
    closedAt: { ...dateTimeSchema, type: ['string', 'null'] },
    closedBy: { ...personNameSchema, type: ['object', 'null'] },
  },
} as const;
export type AlertRow = FromSchema<typeof alertRowSchema>;

/** One comment of an alert's thread: kept as typed, with its author (null: not recorded) and time. */
export const alertCommentSchema = {
  type: 'object',
  required: ['id', 'text', 'author', 'createdAt'],
  additionalProperties: false,
  properties: { id: uuidSchema, text: { type: 'string' }, author: { ...personNameSchema, type: ['object', 'null'] }, createdAt: dateTimeSchema },
} as const;
export type AlertComment = FromSchema<typeof alertCommentSchema>;

/** An alert with its comments, oldest first (a new comment adds to the thread, never replaces): the batch context and the answer to a change. */
export const alertWithCommentsSchema = {
  ...alertRowSchema,
  required: [...alertRowSchema.required, 'comments'],
  properties: { ...alertRowSchema.properties, comments: { type: 'array', items: alertCommentSchema } },
} as const;
export type AlertWithComments = FromSchema<typeof alertWithCommentsSchema>;

export const alertPageSchema = pageOf(alertRowSchema);
export type AlertPage = FromSchema<typeof alertPageSchema>;

/** Days of measures the context charts around the batch: before and after the time it was raised. */
export const ALERT_CONTEXT_DAYS = { before: 30, after: 7 } as const;
/** Entries of the file's history the context shows, newest first. */
export const ALERT_CONTEXT_HISTORY = 10;

const contextBoundarySchema = {
  type: 'object',
  required: ['id', 'operator', 'mode', 'value', 'threshold', 'level', 'state'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    ...boundaryStateProperties,
    operator: boundaryOperatorSchema,
    mode: boundaryModeSchema,
    value: { type: 'number' },
    threshold: { type: ['number', 'null'], description: 'The threshold in force now (a relative one without a reference value has none)' },
    level: alertLevelSchema,
  },
} as const;

export const alertBatchContextSchema = {
  type: 'object',
  required: ['id', 'source', 'createdAt', 'patientFile', 'patient', 'alerts', 'indicators', 'response', 'history'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    source: { type: 'string', enum: ALERT_BATCH_SOURCES },
    createdAt: dateTimeSchema,
    patientFile: {
      type: 'object',
      required: ['id', 'status', 'service'],
      additionalProperties: false,
      properties: {
        id: uuidSchema,
        status: { type: 'string', enum: ['OPEN', 'CLOSED', 'AWAITING'] },
        service: { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: uuidSchema, name: { type: 'string' } } },
      },
    },
    patient: {
      type: 'object',
      required: ['id', 'firstName', 'lastName', 'birthDate', 'sex'],
      additionalProperties: false,
      properties: {
        id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' },
        birthDate: { type: ['string', 'null'], format: 'date' }, sex: { type: ['string', 'null'] },
      },
    },
    alerts: { type: 'array', items: alertWithCommentsSchema },
    indicators: {
      type: 'array',
      description: `Each indicator of the batch's alerts: its measures from ${ALERT_CONTEXT_DAYS.before} days before to ${ALERT_CONTEXT_DAYS.after} days after the batch, oldest first, with the thresholds and reference value in force`,
      items: {
        type: 'object',
        required: ['indicator', 'from', 'to', 'measures', 'boundaries', 'referenceValue'],
        additionalProperties: false,
        properties: {
          indicator: alertIndicatorSchema,
          from: dateTimeSchema,
          to: dateTimeSchema,
          measures: {
            type: 'array',
            items: {
              type: 'object', required: ['id', 'value', 'measuredAt'], additionalProperties: false,
              properties: { id: uuidSchema, value: { type: 'number' }, measuredAt: dateTimeSchema },
            },
          },
          boundaries: { type: 'array', items: contextBoundarySchema },
          referenceValue: { type: ['number', 'null'] },
        },
      },
    },
    response: {
      type: ['object', 'null'],
      required: ['id', 'formId', 'formName', 'answeredAt'],
      additionalProperties: false,
      description: 'The questionnaire response that carried the values, if any',
      properties: { id: uuidSchema, formId: uuidSchema, formName: { type: 'string' }, answeredAt: { ...dateTimeSchema, type: ['string', 'null'] } },
    },
    history: { type: 'array', maxItems: ALERT_CONTEXT_HISTORY, items: historyEntrySchema, description: "The file's latest history entries, newest first" },
  },
} as const;
export type AlertBatchContext = FromSchema<typeof alertBatchContextSchema>;

/** A change to an alert: a status of the establishment, a comment (a text area: 2 to 500 characters, kept as typed), or both. */
export const alertChangeBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    alertStatusId: { ...recordId('alertStatus'), description: "One of the establishment's alert statuses; one that closes alerts also closes this one" },
    // The bounds are checked by the handler (a code per rule, on the field), as a note's text is.
    comment: { type: 'string', maxLength: 20_000, description: "A text area: 2 to 500 characters, stored as typed, added to the alert's comments (earlier ones are kept)" },
  },
} as const;
export type AlertChangeBody = FromSchema<typeof alertChangeBodySchema>;
