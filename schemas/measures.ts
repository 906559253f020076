/**
 * Measures of a patient file (issue 11 §2, spec 001 §7 POST /patient_files/{id}/indicators/data):
 * one value `{indicatorId, value, unit?, measuredAt?}` or a batch `{data: [...]}` of up to 500.
 * `unit` is a UCUM code (absent: the indicator's unit); a value in another unit is converted to
 * the indicator's unit, one that does not convert refuses the whole batch (unit_not_convertible
 * on its field). `measuredAt` absent: now; later than now (beyond a few minutes of clock skew):
 * refused, never clamped; so is a date before the file's start or further back than the
 * establishment accepts late values (server/care/measures/dates.ts). A value identical to one
 * stored (same indicator, time, value and unit) is answered, not stored again. Values are stored
 * and compared at 10 decimals (server/care/measures/evaluate.ts).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { levelRankSchema } from './catalogue.ts';
import { dateTimeSchema, uuidSchema } from './common.ts';
import { alertColourSchema, measureSourceSchema } from './telemonitoring.ts';
import { recordId } from './api/record-id.ts';

/** The most measures one request carries. */
export const MEASURE_BATCH_MAX = 500;

/**
 * A value measured more than this long before it reached the platform is late (a device that
 * uploads its memory, a value typed hours after): judged by the thresholds in force when it
 * arrives, its alert says when it was measured (docs/clinical-rules.md "Late values").
 */
export const LATE_MEASURE_MS = 60 * 60_000;

const measureInputProperties = {
  indicatorId: { ...recordId('indicator'), description: "An indicator of the file's establishment" },
  value: { type: 'number', description: 'The value as measured, in `unit`' },
  unit: { type: 'string', minLength: 1, maxLength: 100, description: "A UCUM code (kg, [lb_av], mg/dL…); absent: the indicator's unit" },
  measuredAt: { ...dateTimeSchema, description: 'When it was measured; absent: now. Never in the future' },
} as const;

export const measureInputSchema = {
  type: 'object', additionalProperties: false, required: ['indicatorId', 'value'], properties: measureInputProperties,
} as const;

/** One value, or `data`: a batch. Which one is checked by the server (body.indicatorId or body.data required). */
export const measuresBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...measureInputProperties,
    data: { type: 'array', minItems: 1, maxItems: MEASURE_BATCH_MAX, items: measureInputSchema, description: `A batch of 1 to ${MEASURE_BATCH_MAX} values, stored together or not at all` },
  },
} as const;
export type MeasuresBody = FromSchema<typeof measuresBodySchema>;
export type MeasureInputBody = FromSchema<typeof measureInputSchema>;

export const storedMeasureSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'indicatorId', 'value', 'unit', 'enteredValue', 'enteredUnit', 'measuredAt', 'recordedAt', 'source'],
  properties: {
    id: uuidSchema,
    indicatorId: uuidSchema,
    value: { type: 'number', description: "In the indicator's unit" },
    unit: { type: 'string', description: "The indicator's unit (UCUM)" },
    enteredValue: { type: 'number' },
    enteredUnit: { type: 'string' },
    measuredAt: dateTimeSchema,
    recordedAt: dateTimeSchema,
    recordedBy: { ...uuidSchema, description: 'Who typed it (a caregiver, a professional, the patient)' },
    onBehalfOf: { ...uuidSchema, description: 'The patient, when a caregiver recorded it' },
    source: measureSourceSchema,
  },
} as const;
export type StoredMeasureBody = FromSchema<typeof storedMeasureSchema>;

export const raisedAlertSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'batchId', 'measureId', 'indicatorId', 'boundaryId', 'level'],
  properties: {
    id: uuidSchema,
    batchId: uuidSchema,
    measureId: uuidSchema,
    indicatorId: uuidSchema,
    boundaryId: uuidSchema,
    level: {
      type: 'object', additionalProperties: false, required: ['id', 'rank', 'colour'],
      properties: { id: uuidSchema, rank: levelRankSchema, colour: alertColourSchema },
    },
  },
} as const;

/** What a patient or caregiver is answered: the values stored, never the alerts (the care team decides what a patient is told). */
export const patientMeasuresResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['measures'],
  properties: {
    measures: { type: 'array', items: storedMeasureSchema, description: 'One per value sent, in order: stored now, or the identical one stored before' },
  },
} as const;
export type PatientMeasuresResult = FromSchema<typeof patientMeasuresResultSchema>;

/** What a professional of the file is answered: the values stored and the alerts they raised. */
export const measuresResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['measures', 'alerts'],
  properties: {
    measures: patientMeasuresResultSchema.properties.measures,
    alerts: { type: 'array', items: raisedAlertSchema, description: 'The alerts raised by these values: now (one batch for the request), or when an identical value was stored before' },
    batchId: { ...uuidSchema, description: 'The alert batch of the alerts answered, when they all belong to one' },
  },
} as const;
export type MeasuresResult = FromSchema<typeof measuresResultSchema>;

/**
 * A record marked entered in error, with its reason: a measure (issue 18) or a document. A
 * measure is never deleted: it leaves charts, last values, evaluations and non-compliance
 * counting, and its pending alerts close with a system status. The reason is a text area (spec 001 §5: 2 to 500 characters, noteTextError), stored as typed.
 */
export const enteredInErrorBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: {
    reason: { type: 'string', maxLength: 20_000, description: 'Why it is wrong: a text area, 2 to 500 characters, stored as typed' },
  },
} as const;
export type EnteredInErrorBody = FromSchema<typeof enteredInErrorBodySchema>;

/** The reason stored when the patient corrects her own value (the client shows it in the reader's language). */
export const CORRECTED_REASON = 'corrected';

/** Who marked it, when, why; `replacedBy`: the value that corrected it (a patient's correction). */
export const enteredInErrorSchema = {
  anyOf: [
    {
      type: 'object', additionalProperties: false, required: ['at', 'by', 'reason', 'replacedBy'],
      properties: {
        at: dateTimeSchema,
        by: {
          anyOf: [
            { type: 'object', additionalProperties: false, required: ['id', 'firstName', 'lastName'], properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } } },
            { type: 'null' },
          ],
        },
        reason: { type: 'string' },
        replacedBy: { anyOf: [uuidSchema, { type: 'null' }] },
      },
    },
    { type: 'null' },
  ],
} as const;
export type EnteredInError = FromSchema<typeof enteredInErrorSchema>;

export const enteredInErrorResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'enteredInError', 'closedAlertIds'],
  properties: {
    id: uuidSchema,
    enteredInError: enteredInErrorSchema,
    closedAlertIds: { type: 'array', items: uuidSchema, description: 'Its pending alerts, closed with the system status MEASURE_ENTERED_IN_ERROR' },
  },
} as const;
export type EnteredInErrorResult = FromSchema<typeof enteredInErrorResultSchema>;

/** A patient's correction of her own value: the new value, in a unit, measured when (absent: the old value's time). */
export const measureCorrectionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['value'],
  properties: {
    value: measureInputProperties.value,
    unit: measureInputProperties.unit,
    measuredAt: { ...dateTimeSchema, description: "When it was measured; absent: the corrected value's time. Never in the future" },
  },
} as const;
export type MeasureCorrectionBody = FromSchema<typeof measureCorrectionBodySchema>;
