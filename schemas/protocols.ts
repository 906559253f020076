/**
 * Medical protocols (issue 11 §8, spec 000 §2, spec 001 §3–§7): a protocol of an establishment
 * bundles questionnaires with their planning, indicators with alert thresholds, and
 * non-compliance rules; it is assigned to services of its establishment, and applied to patient
 * files of those services, where it can be activated, deactivated, excluded and restored.
 *
 * The name is localised text {fr, en?, ar?}: the French one is required and unique in the
 * establishment whatever its case (NOT_UNIQUE_ERROR on body.name.fr), as the catalogue's names.
 * Values are kept as typed: a threshold's value is stored as sent, never rounded.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { nonCompliancePeriodSchema } from './non-compliance.ts';
import { dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import { planningSchema } from './form.ts';
import { alertColourSchema, boundaryModeSchema, boundaryOperatorSchema } from './telemonitoring.ts';
import { recordId } from './api/record-id.ts';

/** How many of each a protocol holds at most (what is read, and what a screen can show). */
export const PROTOCOL_LIMITS = { name: 200, description: 2000, items: 50, ruleIndicators: 20 } as const;
/** A protocol's forms, thresholds or rules (each at most PROTOCOL_LIMITS.items), as counted in answers. */
const itemsCountSchema = { type: 'integer', minimum: 0, maximum: PROTOCOL_LIMITS.items } as const;
/** Distinct indicators of a protocol: its thresholds' and its rules' at most. */
const indicatorsCountSchema = { type: 'integer', minimum: 0, maximum: PROTOCOL_LIMITS.items * (1 + PROTOCOL_LIMITS.ruleIndicators) } as const;

const text = (max: number) => ({ type: 'string', maxLength: max } as const);

export const protocolNameSchema = {
  type: 'object',
  required: ['fr'],
  additionalProperties: false,
  properties: { fr: text(PROTOCOL_LIMITS.name), en: text(PROTOCOL_LIMITS.name), ar: text(PROTOCOL_LIMITS.name) },
} as const;

export const protocolDescriptionSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { fr: text(PROTOCOL_LIMITS.description), en: text(PROTOCOL_LIMITS.description), ar: text(PROTOCOL_LIMITS.description) },
} as const;

export const protocolFormInputSchema = {
  type: 'object',
  required: ['formId'],
  additionalProperties: false,
  properties: {
    formId: recordId('form'),
    /** The planning the file gets (its overload); absent or null: the questionnaire's own. */
    planning: { anyOf: [planningSchema, { type: 'null' }] },
  },
} as const;

export const protocolBoundaryInputSchema = {
  type: 'object',
  required: ['indicatorId', 'levelId', 'operator', 'mode', 'value'],
  additionalProperties: false,
  properties: {
    indicatorId: recordId('indicator'),
    levelId: recordId('interventionLevel'),
    operator: boundaryOperatorSchema,
    mode: boundaryModeSchema,
    value: { type: 'number', minimum: -1e9, maximum: 1e9 },
  },
} as const;

export const protocolRuleInputSchema = {
  type: 'object',
  required: ['indicators', 'periodInDays'],
  additionalProperties: false,
  properties: {
    indicators: { type: 'array', minItems: 1, maxItems: PROTOCOL_LIMITS.ruleIndicators, items: recordId('indicator') },
    periodInDays: nonCompliancePeriodSchema,
    // Nullable as one schema (not anyOf), so the id still says which record it names (x-record).
    levelId: {
      ...recordId('interventionLevel'), type: ['string', 'null'],
      description: "The level of its alerts, one of the establishment's; absent or null: the establishment's least urgent level",
    },
  },
} as const;

export const protocolBodySchema = {
  type: 'object',
  required: ['name', 'serviceIds', 'forms', 'boundaries', 'nonObservanceRules'],
  additionalProperties: false,
  properties: {
    name: protocolNameSchema,
    description: { anyOf: [protocolDescriptionSchema, { type: 'null' }] },
    serviceIds: { type: 'array', maxItems: PROTOCOL_LIMITS.items, items: recordId('service') },
    forms: { type: 'array', maxItems: PROTOCOL_LIMITS.items, items: protocolFormInputSchema },
    boundaries: { type: 'array', maxItems: PROTOCOL_LIMITS.items, items: protocolBoundaryInputSchema },
    nonObservanceRules: { type: 'array', maxItems: PROTOCOL_LIMITS.items, items: protocolRuleInputSchema },
  },
} as const;
export type ProtocolBody = FromSchema<typeof protocolBodySchema>;
export type ProtocolFormInput = FromSchema<typeof protocolFormInputSchema>;
export type ProtocolBoundaryInput = FromSchema<typeof protocolBoundaryInputSchema>;
export type ProtocolRuleInput = FromSchema<typeof protocolRuleInputSchema>;

const namedSchema = {
  type: 'object', required: ['id', 'name'], additionalProperties: false,
  properties: { id: uuidSchema, name: { type: 'string' } },
} as const;

export const protocolSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'establishmentId', 'name', 'description', 'createdAt', 'archivedAt', 'services', 'forms', 'boundaries', 'nonObservanceRules'],
  properties: {
    id: uuidSchema,
    establishmentId: uuidSchema,
    name: protocolNameSchema,
    description: { anyOf: [protocolDescriptionSchema, { type: 'null' }] },
    createdAt: dateTimeSchema,
    archivedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
    services: { type: 'array', items: namedSchema },
    forms: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['formId', 'name', 'reference', 'submissionType', 'planning'],
        properties: {
          formId: uuidSchema, name: { type: 'string' }, reference: { type: 'string' },
          submissionType: { type: 'string', enum: ['FREE', 'PLANNED'] },
          planning: { anyOf: [planningSchema, { type: 'null' }] },
        },
      },
    },
    boundaries: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false,
        required: ['id', 'indicatorId', 'indicatorName', 'unit', 'levelId', 'levelName', 'colour', 'operator', 'mode', 'value'],
        properties: {
          id: uuidSchema, indicatorId: uuidSchema, indicatorName: { type: 'string' }, unit: { type: 'string' },
          levelId: uuidSchema, levelName: { type: 'string' }, colour: alertColourSchema,
          operator: boundaryOperatorSchema, mode: boundaryModeSchema, value: { type: 'number' },
        },
      },
    },
    nonObservanceRules: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['id', 'indicators', 'periodInDays', 'levelId', 'levelName'],
        properties: {
          id: uuidSchema, indicators: { type: 'array', items: namedSchema }, periodInDays: nonCompliancePeriodSchema,
          levelId: { type: ['string', 'null'], format: 'uuid', description: "null: the establishment's least urgent level" },
          levelName: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;
export type Protocol = FromSchema<typeof protocolSchema>;

export const PROTOCOL_SORT_FIELDS = ['name', 'createdAt'] as const;
export const PROTOCOL_ARCHIVED_FILTERS = ['false', 'true', 'all'] as const;

export const protocolListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: PROTOCOL_SORT_FIELDS, defaultSort: 'name' }),
    serviceId: { ...recordId('service'), description: 'Only the protocols assigned to this service of the establishment' },
    archived: { type: 'string', enum: PROTOCOL_ARCHIVED_FILTERS, default: 'false', description: 'false: live protocols (default); true: archived ones; all' },
  },
} as const;
export type ProtocolListQuery = FromSchema<typeof protocolListQuerySchema>;

export const protocolRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'services', 'formsCount', 'indicatorsCount', 'createdAt', 'archivedAt'],
  properties: {
    id: uuidSchema,
    name: protocolNameSchema,
    services: { type: 'array', items: namedSchema },
    formsCount: itemsCountSchema,
    /** Distinct indicators of its thresholds and non-compliance rules. */
    indicatorsCount: indicatorsCountSchema,
    createdAt: dateTimeSchema,
    archivedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
  },
} as const;
export type ProtocolRow = FromSchema<typeof protocolRowSchema>;
export const protocolPageSchema = pageOf(protocolRowSchema);

/** A protocol's state on a file: excluded wins over active/inactive. */
export const FILE_PROTOCOL_STATES = ['ACTIVE', 'INACTIVE', 'EXCLUDED'] as const;

export const fileProtocolSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'protocolId', 'name', 'state', 'appliedAt', 'excludedAt', 'formsCount', 'boundariesCount', 'rulesCount'],
  properties: {
    id: uuidSchema,
    protocolId: uuidSchema,
    name: protocolNameSchema,
    state: { type: 'string', enum: FILE_PROTOCOL_STATES },
    appliedAt: dateTimeSchema,
    appliedBy: { type: 'object', additionalProperties: false, required: ['firstName', 'lastName'], properties: { firstName: { type: 'string' }, lastName: { type: 'string' } } },
    excludedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
    formsCount: itemsCountSchema,
    boundariesCount: itemsCountSchema,
    rulesCount: itemsCountSchema,
  },
} as const;
export type FileProtocol = FromSchema<typeof fileProtocolSchema>;

export const fileProtocolsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['applied', 'applicable'],
  properties: {
    applied: { type: 'array', items: fileProtocolSchema },
    /** Live protocols of the file's service not applied yet. */
    applicable: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['id', 'name'], properties: { id: uuidSchema, name: protocolNameSchema } } },
  },
} as const;
export type FileProtocols = FromSchema<typeof fileProtocolsSchema>;

export const applyResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fileProtocol', 'forms'],
  properties: {
    fileProtocol: fileProtocolSchema,
    /** Each questionnaire of the protocol: assigned now with the protocol's planning, or already assigned (its assignment kept as it was). */
    forms: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['formId', 'outcome'],
        properties: { formId: uuidSchema, outcome: { type: 'string', enum: ['ASSIGNED', 'ALREADY_ASSIGNED'] } },
      },
    },
  },
} as const;
export type ApplyResult = FromSchema<typeof applyResultSchema>;
