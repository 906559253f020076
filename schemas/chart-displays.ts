/**
 * Chart displays of a patient file (issue 11 §6, spec 001 §7 `chart_displays`): the charts of the
 * professional's indicators tab, each of one or more indicators of the file's establishment over
 * the last `periodDays` days; `visibleToPatient` shows it on the patient's monitoring too.
 *
 * The bounds are checked by the server's rules (chartDisplayError), a code per rule on its field
 * in the request's language, not by the schema (which would answer a generic validation_error).
 * Nothing is clamped: a period of 400 days is refused, not stored as 365.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, uuidSchema } from './common.ts';
import type { ErrorCode } from './errors.ts';
import { localizedTextSchema } from './localized-text.ts';
import { CHART_TYPES } from './telemonitoring.ts';
import { recordId } from './api/record-id.ts';

export const CHART_DISPLAY_LIMITS = { periodMin: 1, periodMax: 365, titleMax: 100, indicatorsMax: 10, positionMax: 1000 } as const;

export const chartDisplayBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['indicatorIds', 'chartType', 'periodDays', 'visibleToPatient'],
  properties: {
    /** Optional: without one the chart is named after its indicators. Stored as typed. */
    title: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'null' }] },
    indicatorIds: { type: 'array', items: recordId('indicator'), minItems: 1, maxItems: 10, uniqueItems: true },
    chartType: { type: 'string', enum: CHART_TYPES },
    periodDays: { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647, description: '1 to 365' },
    visibleToPatient: { type: 'boolean' },
    /** Order on the tab (ascending); absent: after the others. */
    position: { type: 'integer', minimum: -2_147_483_648, maximum: 2_147_483_647, description: '0 to 1000' },
  },
} as const;
export type ChartDisplayBody = FromSchema<typeof chartDisplayBodySchema>;

/** The first rule the body breaks, with its field and message parameters; undefined when valid. */
export function chartDisplayError(body: ChartDisplayBody): { field: string; code: ErrorCode; params: Record<string, number> } | undefined {
  const L = CHART_DISPLAY_LIMITS;
  if (typeof body.title === 'string' && [...body.title].length > L.titleMax) return { field: 'body.title', code: 'value_too_long', params: { max: L.titleMax } };
  if (body.periodDays < L.periodMin || body.periodDays > L.periodMax) {
    return { field: 'body.periodDays', code: 'value_out_of_range', params: { min: L.periodMin, max: L.periodMax } };
  }
  if (body.position !== undefined && (body.position < 0 || body.position > L.positionMax)) {
    return { field: 'body.position', code: 'value_out_of_range', params: { min: 0, max: L.positionMax } };
  }
  return undefined;
}

/** An indicator as a chart or a table names it: its name in every language, its unit's symbol, its decimals. */
export const indicatorLabelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'reference', 'name', 'unitSymbol', 'decimals'],
  properties: {
    id: uuidSchema,
    reference: { type: 'string' },
    name: localizedTextSchema,
    unitSymbol: { type: 'string' },
    decimals: { type: 'integer', minimum: 0, maximum: 10 },
  },
} as const;
export type IndicatorLabel = FromSchema<typeof indicatorLabelSchema>;

export const chartDisplaySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'patientFileId', 'title', 'indicators', 'chartType', 'periodDays', 'visibleToPatient', 'position', 'excludedAt', 'createdAt'],
  properties: {
    id: uuidSchema,
    patientFileId: uuidSchema,
    title: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    /** In the order chosen. */
    indicators: { type: 'array', items: indicatorLabelSchema },
    chartType: { type: 'string', enum: CHART_TYPES },
    periodDays: { type: 'integer', minimum: 1, maximum: 365 },
    visibleToPatient: { type: 'boolean' },
    position: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    /** Set when excluded: kept, listed to professionals marked, no longer shown to the patient. */
    excludedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
    createdAt: dateTimeSchema,
  },
} as const;
export type ChartDisplay = FromSchema<typeof chartDisplaySchema>;

export const chartDisplayListSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: { type: 'array', items: chartDisplaySchema } },
} as const;
