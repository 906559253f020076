/**
 * The customizable indicators of a patient file (spec 001 §7 `GET customizable_indicators`,
 * page size 100, §9): every indicator of the file's establishment with, for this file, its last
 * value, the thresholds in force and where they come from (the indicator's defaults, the file's
 * own, or a protocol applied to the file), the reference value in force and its origin, and the
 * non-compliance rules that cover it. What the indicators tab's thresholds section reads.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { indicatorDecimalsSchema, levelRankSchema } from './catalogue.ts';
import { nonCompliancePeriodSchema } from './non-compliance.ts';
import { countSchema, dateTimeSchema, localeQueryProperties, pageOf, positiveIntegerSchema, uuidSchema } from './common.ts';
import { localizedTextSchema } from './localized-text.ts';
import { alertColourSchema, boundaryModeSchema, boundaryOperatorSchema, boundaryStateProperties } from './telemonitoring.ts';

export const BOUNDARY_ORIGINS = ['default', 'file', 'protocol'] as const;
/** Spec 001 §9: this list is read 100 at a time. */
export const CUSTOMIZABLE_INDICATORS_PAGE_SIZES = [10, 15, 20, 25, 50, 100] as const;

export const customizableIndicatorsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    page: { ...positiveIntegerSchema, default: 1 },
    pageSize: { type: 'integer', enum: CUSTOMIZABLE_INDICATORS_PAGE_SIZES, default: 100 },
  },
} as const;

const boundaryInForceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'origin', 'operator', 'mode', 'value', 'threshold', 'level', 'state'],
  properties: {
    id: uuidSchema,
    ...boundaryStateProperties,
    origin: { type: 'string', enum: BOUNDARY_ORIGINS },
    operator: boundaryOperatorSchema,
    mode: boundaryModeSchema,
    /** As set: the threshold (ABSOLUTE) or the difference from the reference value (RELATIVE). */
    value: { type: 'number' },
    /** The value a measure is compared with; null for a RELATIVE boundary without a reference value (it never fires). */
    threshold: { anyOf: [{ type: 'number' }, { type: 'null' }] },
    level: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'rank', 'colour'],
      properties: { id: uuidSchema, name: localizedTextSchema, rank: levelRankSchema, colour: alertColourSchema },
    },
  },
} as const;
export type BoundaryInForce = FromSchema<typeof boundaryInForceSchema>;

export const customizableIndicatorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'reference', 'name', 'unit', 'decimals', 'plausible', 'visibleToPatients', 'lastValue', 'boundaries', 'defaults', 'origin', 'referenceValue', 'nonComplianceRules', 'inactiveBoundaries'],
  properties: {
    id: uuidSchema,
    reference: { type: 'string' },
    name: localizedTextSchema,
    unit: {
      type: 'object', additionalProperties: false, required: ['code', 'symbol'],
      properties: { code: { type: 'string' }, symbol: { type: 'string' } },
    },
    decimals: indicatorDecimalsSchema,
    /** What can be true, in `unit`: a reference value outside is refused (issue 18); the tab says it before sending. */
    plausible: {
      type: 'object', additionalProperties: false, required: ['min', 'max'],
      properties: { min: { type: 'number' }, max: { type: 'number' } },
    },
    visibleToPatients: { type: 'boolean' },
    lastValue: {
      anyOf: [{
        type: 'object', additionalProperties: false, required: ['value', 'measuredAt'],
        properties: { value: { type: 'number' }, measuredAt: dateTimeSchema },
      }, { type: 'null' }],
    },
    /** The thresholds in force on this file, most urgent level first. */
    boundaries: { type: 'array', items: boundaryInForceSchema },
    /** The indicator's default thresholds (in force unless the file's or a protocol's replace them). */
    defaults: { type: 'array', items: boundaryInForceSchema },
    /** How many of the thresholds in force are inactive (relative without a reference value: they raise nothing). */
    inactiveBoundaries: countSchema,
    /** Where the thresholds in force come from: the file's own, a protocol's, or the defaults (mixed file and protocol: file). */
    origin: { type: 'string', enum: BOUNDARY_ORIGINS },
    referenceValue: {
      anyOf: [{
        type: 'object', additionalProperties: false, required: ['value', 'origin'],
        properties: { value: { type: 'number' }, origin: { type: 'string', enum: ['file', 'default'] } },
      }, { type: 'null' }],
    },
    /** The file's active, non-excluded non-compliance rules that name this indicator. */
    nonComplianceRules: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['id', 'periodInDays'],
        properties: { id: uuidSchema, periodInDays: nonCompliancePeriodSchema },
      },
    },
  },
} as const;
export type CustomizableIndicator = FromSchema<typeof customizableIndicatorSchema>;

export const customizableIndicatorPageSchema = pageOf(customizableIndicatorSchema);
