/**
 * Non-compliance (non-observance) rules of a patient file (spec 001 §3 "Non-observance rule
 * {indicators, periodInDays}", §7 indicator_non_observance_rules): "an indicator with no value for
 * `periodInDays` days raises a non-compliance alert". The rules of the body are checked by
 * nonComplianceRuleProblems (one code per rule, on its field, never clamped), so the server and a
 * form say the same thing; the schema only bounds what is read.
 *
 * The period rule (server/jobs/non-compliance.ts, docs/clinical-rules.md): counted from the last
 * value at the same local wall-clock time of the file's establishment (Friday 20:00 + 3 days =
 * Monday 20:00, 71 to 73 hours across a daylight-saving change).
 *
 * Level: a rule chooses the intervention level of its alerts (one of the establishment's); none
 * chosen (absent or null), its alerts take the establishment's least urgent level.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, uuidSchema } from './common.ts';
import type { ErrorCode } from './errors.ts';
import { localizedTextSchema } from './localized-text.ts';
import { recordId } from './api/record-id.ts';
import { levelRankSchema } from './catalogue.ts';
import { alertColourSchema } from './telemonitoring.ts';

export const NON_COMPLIANCE_PERIOD = { min: 1, max: 365 } as const;
/** A rule's period in answers and in the protocols' rules (the file's rule body is a number checked by nonComplianceRuleProblems). */
export const nonCompliancePeriodSchema = { type: 'integer', minimum: NON_COMPLIANCE_PERIOD.min, maximum: NON_COMPLIANCE_PERIOD.max } as const;
/** How many indicators one rule may name. */
export const NON_COMPLIANCE_MAX_INDICATORS = 50;

export const nonComplianceRuleBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['indicators', 'periodInDays'],
  properties: {
    indicators: {
      type: 'array', maxItems: 200, items: recordId('indicator'),
      description: 'Ids of indicators of the file\'s establishment (at least one, at most 50, each once)',
    },
    // A number, checked by the rules (integer, 1 to 365) so each says why on body.periodInDays.
    periodInDays: { type: 'number', description: 'Days without a value before the alert, 1 to 365, counted from the last value at the same local time' },
    // Nullable as one schema (not anyOf), so the id still says which record it names (x-record).
    levelId: {
      ...recordId('interventionLevel'), type: ['string', 'null'],
      description: "The level of its alerts, one of the establishment's; absent or null: the establishment's least urgent level",
    },
  },
} as const;
export type NonComplianceRuleBody = FromSchema<typeof nonComplianceRuleBodySchema>;

export interface FieldProblem { field: string; code: ErrorCode; params: Record<string, number> }

/** What is wrong with a rule's body, field by field (the indicators' existence is the server's: 404). */
export function nonComplianceRuleProblems(body: { indicators: readonly string[]; periodInDays: number }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (body.indicators.length === 0) problems.push({ field: 'body.indicators', code: 'field_required', params: {} });
  else if (body.indicators.length > NON_COMPLIANCE_MAX_INDICATORS) problems.push({ field: 'body.indicators', code: 'too_many_items', params: { max: NON_COMPLIANCE_MAX_INDICATORS } });
  body.indicators.forEach((id, i) => {
    if (body.indicators.indexOf(id) !== i) problems.push({ field: `body.indicators.${i}`, code: 'duplicate_item', params: {} });
  });
  const period = body.periodInDays;
  if (!Number.isInteger(period)) problems.push({ field: 'body.periodInDays', code: 'integer_required', params: {} });
  else if (period < NON_COMPLIANCE_PERIOD.min || period > NON_COMPLIANCE_PERIOD.max) {
    problems.push({ field: 'body.periodInDays', code: 'value_out_of_range', params: { ...NON_COMPLIANCE_PERIOD } });
  }
  return problems;
}

export const nonComplianceRuleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'patientFileId', 'indicators', 'periodInDays', 'level', 'active', 'excludedAt', 'overridden', 'protocol', 'createdAt', 'updatedAt'],
  properties: {
    id: uuidSchema,
    patientFileId: uuidSchema,
    indicators: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['id', 'reference', 'name'],
        properties: { id: uuidSchema, reference: { type: 'string' }, name: localizedTextSchema },
      },
    },
    periodInDays: nonCompliancePeriodSchema,
    /** The level the rule chose; null: its alerts take the establishment's least urgent level. */
    level: {
      anyOf: [{
        type: 'object', additionalProperties: false, required: ['id', 'name', 'rank', 'colour'],
        properties: { id: uuidSchema, name: localizedTextSchema, rank: levelRankSchema, colour: alertColourSchema },
      }, { type: 'null' }],
    },
    /** false once deactivated (for good: a deactivated rule is not restored, a new one is made). */
    active: { type: 'boolean' },
    /** Set while excluded from the file (restore clears it). */
    excludedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
    /** A protocol's rule changed for this file alone (override). */
    overridden: { type: 'boolean' },
    /** The protocol that brought the rule; null for the file's own. */
    protocol: {
      anyOf: [{
        type: 'object', additionalProperties: false, required: ['id', 'name', 'patientFileProtocolId'],
        properties: { id: uuidSchema, name: localizedTextSchema, patientFileProtocolId: uuidSchema },
      }, { type: 'null' }],
    },
    createdAt: dateTimeSchema,
    updatedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
  },
} as const;
export type NonComplianceRule = FromSchema<typeof nonComplianceRuleSchema>;

export const nonComplianceRuleListSchema = { type: 'array', items: nonComplianceRuleSchema } as const;
