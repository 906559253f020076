/**
 * Shapes of an establishment's telemonitoring catalogue (issue 11 §1, spec 001 §3 "Indicators and
 * data"): indicator types, UCUM units, indicators with their default alert thresholds, alert
 * statuses, intervention levels and who is called at which level in which service. Names are
 * localised {fr, en, ar}, French required; uniqueness is the database's (server/db/schema.ts).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { INT32_MAX, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import { alertColourSchema, boundaryModeSchema, boundaryOperatorSchema } from './telemonitoring.ts';
import { recordId } from './api/record-id.ts';

export const CATALOGUE_NAME_MAX = 200;

/** A catalogue name: French required (the one uniqueness reads), English and Arabic optional. */
export const catalogueNameSchema = {
  type: 'object',
  required: ['fr'],
  additionalProperties: false,
  properties: {
    fr: { type: 'string', maxLength: CATALOGUE_NAME_MAX },
    en: { type: 'string', maxLength: CATALOGUE_NAME_MAX },
    ar: { type: 'string', maxLength: CATALOGUE_NAME_MAX },
  },
} as const;
export type CatalogueName = FromSchema<typeof catalogueNameSchema>;

/** Whether records use it: then it cannot be deleted (409). */
const inUse = { type: 'boolean' } as const;

export const indicatorTypeSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'establishmentId', 'name', 'inUse'],
  properties: { id: uuidSchema, establishmentId: uuidSchema, name: catalogueNameSchema, inUse },
} as const;
export type IndicatorType = FromSchema<typeof indicatorTypeSchema>;
export const indicatorTypeBodySchema = {
  type: 'object', additionalProperties: false, required: ['name'], properties: { name: catalogueNameSchema },
} as const;

export const UNIT_SYMBOL_MAX = 30;
export const unitSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'establishmentId', 'ucumCode', 'name', 'symbol', 'inUse'],
  properties: { id: uuidSchema, establishmentId: uuidSchema, ucumCode: { type: 'string' }, name: catalogueNameSchema, symbol: { type: 'string' }, inUse },
} as const;
export type Unit = FromSchema<typeof unitSchema>;
export const unitBodySchema = {
  type: 'object', additionalProperties: false, required: ['ucumCode', 'name', 'symbol'],
  properties: {
    ucumCode: { type: 'string', maxLength: 100 },
    name: catalogueNameSchema,
    symbol: { type: 'string', maxLength: UNIT_SYMBOL_MAX },
  },
} as const;

/** A default alert threshold: `measure <operator> threshold` raises an alert at the level. */
export const boundaryBodySchema = {
  type: 'object', additionalProperties: false, required: ['levelId', 'operator', 'mode', 'value'],
  properties: { levelId: recordId('interventionLevel'), operator: boundaryOperatorSchema, mode: boundaryModeSchema, value: { type: 'number' } },
} as const;
export const boundarySchema = {
  type: 'object', additionalProperties: false, required: ['id', 'levelId', 'operator', 'mode', 'value'],
  properties: { id: uuidSchema, ...boundaryBodySchema.properties },
} as const;

export const INDICATOR_REFERENCE_PATTERN = '^[a-z][a-z0-9_]{0,63}$';
export const INDICATOR_DECIMALS = { min: 0, max: 4 } as const;
/** An indicator's decimals wherever a schema carries them (requests and answers). */
export const indicatorDecimalsSchema = { type: 'integer', minimum: INDICATOR_DECIMALS.min, maximum: INDICATOR_DECIMALS.max } as const;
export const MAX_BOUNDARIES = 20;

export const indicatorSchema = {
  type: 'object', additionalProperties: false,
  required: ['id', 'establishmentId', 'reference', 'name', 'typeId', 'unitId', 'referenceValue', 'decimals', 'molecularWeight', 'visibleToPatients', 'plausibleMin', 'plausibleMax', 'boundaries', 'hasMeasures'],
  properties: {
    id: uuidSchema,
    establishmentId: uuidSchema,
    reference: { type: 'string' },
    name: catalogueNameSchema,
    typeId: uuidSchema,
    unitId: uuidSchema,
    /** The global reference value, an integer (a file may have its own). */
    referenceValue: { type: ['integer', 'null'], minimum: -INT32_MAX, maximum: INT32_MAX },
    decimals: indicatorDecimalsSchema,
    molecularWeight: { type: ['number', 'null'] },
    visibleToPatients: { type: 'boolean' },
    /** What can be true, in the unit: a measure or reference value outside is refused (value_not_plausible). */
    plausibleMin: { type: 'number' },
    plausibleMax: { type: 'number' },
    /** The default thresholds (neither a protocol's nor a file's). */
    boundaries: { type: 'array', items: boundarySchema },
    /** Measures exist: the unit is fixed and the indicator cannot be deleted. */
    hasMeasures: { type: 'boolean' },
  },
} as const;
export type Indicator = FromSchema<typeof indicatorSchema>;

/**
 * The indicator form. Numbers are taken as typed (`number`) and the server says what is wrong on
 * the field: a reference value that is not an integer is `integer_required` on body.referenceValue,
 * never rounded.
 */
export const indicatorBodySchema = {
  type: 'object', additionalProperties: false,
  required: ['reference', 'name', 'typeId', 'unitId', 'decimals', 'visibleToPatients', 'boundaries'],
  properties: {
    reference: { type: 'string', maxLength: 64 },
    name: catalogueNameSchema,
    typeId: recordId('indicatorType'),
    unitId: recordId('unit'),
    referenceValue: { type: ['number', 'null'] },
    decimals: { type: 'number' },
    molecularWeight: { type: ['number', 'null'] },
    visibleToPatients: { type: 'boolean' },
    /** Both or neither (400 on body.plausibleMax); min < max. Absent: kept on update, the wide default on create. */
    plausibleMin: { type: 'number' },
    plausibleMax: { type: 'number' },
    boundaries: { type: 'array', maxItems: MAX_BOUNDARIES, items: boundaryBodySchema },
  },
} as const;
export type IndicatorBody = FromSchema<typeof indicatorBodySchema>;

export const INDICATOR_SORT_FIELDS = ['name', 'reference'] as const;
export const indicatorListQuerySchema = {
  type: 'object', additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: INDICATOR_SORT_FIELDS, defaultSort: 'name' }),
    /** Part of the reference or of the name in any language, case-insensitive. */
    search: { type: 'string', maxLength: 100 },
  },
} as const;
export const indicatorPageSchema = pageOf(indicatorSchema);

export const alertStatusSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'establishmentId', 'name', 'closesAlert'],
  properties: { id: uuidSchema, establishmentId: uuidSchema, name: catalogueNameSchema, closesAlert: { type: 'boolean' } },
} as const;
export type AlertStatus = FromSchema<typeof alertStatusSchema>;
export const alertStatusBodySchema = {
  type: 'object', additionalProperties: false, required: ['name', 'closesAlert'],
  properties: { name: catalogueNameSchema, closesAlert: { type: 'boolean' } },
} as const;

/** Rank 1 is the most urgent. */
export const LEVEL_RANK_MAX = 99;
/** An intervention level's rank (1 the most urgent) wherever a schema carries it. */
export const levelRankSchema = { type: 'integer', minimum: 1, maximum: LEVEL_RANK_MAX } as const;
export const interventionLevelSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'establishmentId', 'name', 'rank', 'colour', 'inUse'],
  properties: { id: uuidSchema, establishmentId: uuidSchema, name: catalogueNameSchema, rank: levelRankSchema, colour: alertColourSchema, inUse },
} as const;
export type InterventionLevel = FromSchema<typeof interventionLevelSchema>;
export const interventionLevelBodySchema = {
  type: 'object', additionalProperties: false, required: ['name', 'rank', 'colour'],
  properties: { name: catalogueNameSchema, rank: levelRankSchema, colour: alertColourSchema },
} as const;

/** Who is called at which level in which service. */
export const levelAssignmentSchema = {
  type: 'object', additionalProperties: false, required: ['personId', 'firstName', 'lastName', 'levelId', 'serviceId', 'serviceName'],
  properties: {
    personId: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' },
    levelId: uuidSchema, serviceId: uuidSchema, serviceName: { type: 'string' },
  },
} as const;
export type LevelAssignment = FromSchema<typeof levelAssignmentSchema>;
export const levelAssignmentBodySchema = {
  type: 'object', additionalProperties: false, required: ['establishmentService'],
  properties: { establishmentService: recordId('service') },
} as const;

/** A professional who may be called, with the services of the establishment where they may be (all of them for an establishment-wide member). */
export const callableProfessionalSchema = {
  type: 'object', additionalProperties: false, required: ['personId', 'firstName', 'lastName', 'serviceIds'],
  properties: { personId: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' }, serviceIds: { type: 'array', items: uuidSchema } },
} as const;
export type CallableProfessional = FromSchema<typeof callableProfessionalSchema>;

/** An indicator as the visibility checklist shows it. */
export const indicatorVisibilitySchema = {
  type: 'object', additionalProperties: false, required: ['id', 'reference', 'name', 'visibleToPatients'],
  properties: { id: uuidSchema, reference: { type: 'string' }, name: catalogueNameSchema, visibleToPatients: { type: 'boolean' } },
} as const;
export type IndicatorVisibility = FromSchema<typeof indicatorVisibilitySchema>;
export const indicatorsVisibilityBodySchema = {
  type: 'object', additionalProperties: false, required: ['visibleIndicatorIds'],
  properties: { visibleIndicatorIds: { type: 'array', maxItems: 1000, uniqueItems: true, items: recordId('indicator') } },
} as const;
