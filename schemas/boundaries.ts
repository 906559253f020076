/**
 * Alert thresholds (boundaries) and reference values of a patient file (issue 11 §3, spec 001
 * §7 GET indicator_boundaries, PUT/DELETE indicators/{id}/boundaries, POST reference-value).
 * A boundary raises an alert at its level when `measure <operator> threshold` holds; the
 * threshold is its value (ABSOLUTE) or the reference value in force plus its value (RELATIVE).
 * The file's active thresholds of an indicator (its own and its active protocols') replace the
 * indicator's defaults for that indicator only.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countSchema, dateTimeSchema, uuidSchema } from './common.ts';
import { alertColourSchema, boundaryModeSchema, boundaryOperatorSchema, boundaryStateProperties } from './telemonitoring.ts';
import { levelRankSchema } from './catalogue.ts';
import { recordId } from './api/record-id.ts';

/** How many thresholds a file may set on one indicator at once. */
export const BOUNDARIES_PER_INDICATOR_MAX = 20;
/** Bounds of a threshold's and a reference value's number (a sanity cap, not a clinical rule). */
export const BOUNDARY_VALUE_LIMIT = 1e9;

export const boundaryInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['levelId', 'operator', 'value'],
  properties: {
    levelId: { ...recordId('interventionLevel'), description: "An intervention level of the file's establishment" },
    operator: boundaryOperatorSchema,
    mode: { ...boundaryModeSchema, default: 'ABSOLUTE' },
    value: { type: 'number', minimum: -BOUNDARY_VALUE_LIMIT, maximum: BOUNDARY_VALUE_LIMIT, description: "In the indicator's unit; RELATIVE: added to the reference value" },
  },
} as const;

export const boundariesBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['boundaries'],
  // At least one (field_required otherwise, said by the server after the ids are found); to go back to the defaults, DELETE.
  properties: { boundaries: { type: 'array', maxItems: BOUNDARIES_PER_INDICATOR_MAX, items: boundaryInputSchema } },
} as const;
export type BoundariesBody = FromSchema<typeof boundariesBodySchema>;

export const BOUNDARY_ORIGINS = ['default', 'file', 'protocol'] as const;

export const boundarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'operator', 'mode', 'value', 'origin', 'level', 'state'],
  properties: {
    id: uuidSchema,
    ...boundaryStateProperties,
    operator: boundaryOperatorSchema,
    mode: boundaryModeSchema,
    value: { type: 'number' },
    threshold: { type: 'number', description: 'The threshold it sets now (absent: relative without a reference value)' },
    origin: { type: 'string', enum: BOUNDARY_ORIGINS },
    level: {
      type: 'object', additionalProperties: false, required: ['id', 'name', 'rank', 'colour'],
      properties: { id: uuidSchema, name: { type: 'string' }, rank: levelRankSchema, colour: alertColourSchema },
    },
  },
} as const;
export type Boundary = FromSchema<typeof boundarySchema>;

export const indicatorBoundariesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['indicatorId', 'reference', 'name', 'unit', 'customised', 'boundaries', 'defaults', 'referenceValue', 'referenceValueOrigin', 'inactiveBoundaries'],
  properties: {
    indicatorId: uuidSchema,
    reference: { type: 'string' },
    name: { type: 'string' },
    unit: { type: 'object', additionalProperties: false, required: ['code', 'symbol'], properties: { code: { type: 'string' }, symbol: { type: 'string' } } },
    customised: { type: 'boolean', description: "The file's (or its protocols') thresholds replace the defaults" },
    boundaries: { type: 'array', items: boundarySchema, description: 'In force on this file' },
    defaults: { type: 'array', items: boundarySchema, description: "The indicator's defaults" },
    inactiveBoundaries: { ...countSchema, description: 'How many of the thresholds in force are inactive (they raise nothing)' },
    referenceValue: { type: ['number', 'null'] },
    referenceValueOrigin: { type: ['string', 'null'], enum: ['file', 'default', null] },
  },
} as const;
export type IndicatorBoundaries = FromSchema<typeof indicatorBoundariesSchema>;
export const indicatorBoundariesListSchema = { type: 'array', items: indicatorBoundariesSchema } as const;

export const referenceValueBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['indicatorId', 'value'],
  properties: {
    indicatorId: recordId('indicator'),
    value: { type: 'number', minimum: -BOUNDARY_VALUE_LIMIT, maximum: BOUNDARY_VALUE_LIMIT, description: "In the indicator's unit (a dry weight, a usual pressure)" },
  },
} as const;
export type ReferenceValueBody = FromSchema<typeof referenceValueBodySchema>;

const personSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'firstName', 'lastName'],
  properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } },
} as const;

export const referenceValueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'indicatorId', 'value', 'active', 'createdAt'],
  properties: {
    id: uuidSchema,
    indicatorId: uuidSchema,
    value: { type: 'number' },
    active: { type: 'boolean' },
    createdAt: dateTimeSchema,
    createdBy: personSchema,
    deactivatedAt: dateTimeSchema,
    deactivatedBy: personSchema,
  },
} as const;
export type ReferenceValue = FromSchema<typeof referenceValueSchema>;
export const referenceValueListSchema = { type: 'array', items: referenceValueSchema } as const;
