/**
 * Monitoring (issue 11 §6): the indicators a caller may see on a patient file with their last
 * value, an indicator's series over a period with the thresholds and reference value in force
 * (what the shared chart draws, client/lib/charts), and the file's values list.
 *
 * Patients and caregivers see only the indicators the establishment made visible to patients
 * (indicators.visibleToPatients); another one answers 404 as if absent. They do see their own
 * thresholds and reference value on the chart: telemonitoring apps commonly show a patient the
 * band they should stay in, and the values that raised an alert are theirs anyway.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { indicatorDecimalsSchema, levelRankSchema } from './catalogue.ts';
import { countSchema, dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import { localizedTextSchema } from './localized-text.ts';
import { alertColourSchema, boundaryModeSchema, boundaryOperatorSchema, measureSourceSchema } from './telemonitoring.ts';
import { recordId } from './api/record-id.ts';
import { enteredInErrorSchema } from './measures.ts';

/** The default period of a series when `from` is not given. */
export const SERIES_DEFAULT_DAYS = 30;
/** A series is downsampled past `maxPoints` (default and bounds). */
export const SERIES_POINTS = { default: 1_000, min: 10, max: 5_000 } as const;

const unitSchema = {
  type: 'object', additionalProperties: false, required: ['code', 'symbol'],
  properties: { code: { type: 'string' }, symbol: { type: 'string' } },
} as const;

const lastValueSchema = {
  anyOf: [
    { type: 'object', additionalProperties: false, required: ['value', 'measuredAt'], properties: { value: { type: 'number' }, measuredAt: dateTimeSchema } },
    { type: 'null' },
  ],
} as const;

export const monitoredIndicatorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'reference', 'name', 'unit', 'decimals', 'plausible', 'units', 'lastValue'],
  properties: {
    id: uuidSchema,
    reference: { type: 'string' },
    name: localizedTextSchema,
    unit: unitSchema,
    decimals: indicatorDecimalsSchema,
    /** What can be true, in `unit`: the entry form says it and checks it before sending (issue 18). */
    plausible: {
      type: 'object', additionalProperties: false, required: ['min', 'max'],
      properties: { min: { type: 'number' }, max: { type: 'number' } },
    },
    /** The establishment's units a value may be entered in: the indicator's own first, then those UCUM converts to it. */
    units: { type: 'array', items: unitSchema },
    lastValue: lastValueSchema,
  },
} as const;
export type MonitoredIndicator = FromSchema<typeof monitoredIndicatorSchema>;

export const monitoredIndicatorsSchema = {
  type: 'object', additionalProperties: false, required: ['data'],
  properties: { data: { type: 'array', items: monitoredIndicatorSchema } },
} as const;
export type MonitoredIndicators = FromSchema<typeof monitoredIndicatorsSchema>;

export const seriesQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    from: { ...dateTimeSchema, description: `Start of the period (default: ${SERIES_DEFAULT_DAYS} days before \`to\`)` },
    to: { ...dateTimeSchema, description: 'End of the period (default: now)' },
    maxPoints: { type: 'integer', minimum: SERIES_POINTS.min, maximum: SERIES_POINTS.max, default: SERIES_POINTS.default,
      description: 'Past this many values in the period, the series is downsampled (min and max of each bucket kept)' },
  },
} as const;
export type SeriesQuery = FromSchema<typeof seriesQuerySchema>;

const seriesThresholdSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'operator', 'mode', 'value', 'threshold', 'level'],
  properties: {
    id: uuidSchema,
    operator: boundaryOperatorSchema,
    mode: boundaryModeSchema,
    value: { type: 'number' },
    /** What a measure is compared with (a relative boundary added to the reference value); null: a relative boundary without reference value. */
    threshold: { anyOf: [{ type: 'number' }, { type: 'null' }] },
    level: {
      type: 'object', additionalProperties: false, required: ['name', 'rank', 'colour'],
      properties: { name: localizedTextSchema, rank: levelRankSchema, colour: alertColourSchema },
    },
  },
} as const;
export type SeriesThreshold = FromSchema<typeof seriesThresholdSchema>;

export const seriesPointSchema = {
  type: 'object', additionalProperties: false, required: ['at', 'value'],
  properties: { at: dateTimeSchema, value: { type: 'number' } },
} as const;

export const indicatorSeriesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['indicator', 'from', 'to', 'totalPoints', 'downsampled', 'points', 'thresholds', 'referenceValue'],
  properties: {
    indicator: monitoredIndicatorSchema,
    from: dateTimeSchema,
    to: dateTimeSchema,
    /** Values stored in the period; `points` holds them all unless `downsampled`. */
    totalPoints: countSchema,
    downsampled: { type: 'boolean' },
    /** Oldest first, in the indicator's unit. */
    points: { type: 'array', items: seriesPointSchema },
    thresholds: { type: 'array', items: seriesThresholdSchema },
    referenceValue: { anyOf: [{ type: 'number' }, { type: 'null' }] },
  },
} as const;
export type IndicatorSeries = FromSchema<typeof indicatorSeriesSchema>;

export const MEASURE_SORT_FIELDS = ['measuredAt'] as const;

export const measureListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: MEASURE_SORT_FIELDS, defaultSort: '-measuredAt' }),
    indicatorId: recordId('indicator'),
    from: dateTimeSchema,
    to: dateTimeSchema,
  },
} as const;
export type MeasureListQuery = FromSchema<typeof measureListQuerySchema>;

const personSchema = {
  anyOf: [
    { type: 'object', additionalProperties: false, required: ['id', 'firstName', 'lastName'], properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } } },
    { type: 'null' },
  ],
} as const;

export const measureRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'indicator', 'value', 'unit', 'enteredValue', 'enteredUnit', 'measuredAt', 'recordedAt', 'source', 'recordedBy', 'onBehalfOf', 'enteredInError', 'correctableUntil'],
  properties: {
    id: uuidSchema,
    indicator: {
      type: 'object', additionalProperties: false, required: ['id', 'reference', 'name', 'decimals'],
      properties: { id: uuidSchema, reference: { type: 'string' }, name: localizedTextSchema, decimals: indicatorDecimalsSchema },
    },
    /** In the indicator's unit. */
    value: { type: 'number' },
    unit: unitSchema,
    /** As typed, in the unit it was typed in. */
    enteredValue: { type: 'number' },
    enteredUnit: { type: 'string' },
    measuredAt: dateTimeSchema,
    recordedAt: dateTimeSchema,
    source: measureSourceSchema,
    /** Who recorded it (null: a device or an import). */
    recordedBy: personSchema,
    /** The patient a caregiver recorded it for. */
    onBehalfOf: personSchema,
    /** Marked entered in error: shown struck, with who, when and why; null: a value that counts. */
    enteredInError: enteredInErrorSchema,
    /** Until when the caller may correct it (a value she typed, within the establishment's delay); null: she may not. */
    correctableUntil: { anyOf: [dateTimeSchema, { type: 'null' }] },
  },
} as const;
export type MeasureRow = FromSchema<typeof measureRowSchema>;
export const measurePageSchema = pageOf(measureRowSchema);
