/**
 * Contracts of the non-compliance rules of a patient file (spec 001 §7 indicator_non_observance_rules:
 * GET, POST, PUT, POST deactivate, exclude, restore, override). Professionals of the file; every
 * write needs an open file and records its history entry (NON_COMPLIANCE_RULE_*) in its transaction.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { nonComplianceRuleBodySchema, nonComplianceRuleListSchema, nonComplianceRuleSchema } from '../non-compliance.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['non-compliance rules'] as const;
const changeErrors = { ...errorResponses, 409: errorSchema } as const;

const stateChange = (action: string, summary: string) => defineRoute({
  method: 'POST', url: `/api/indicator_non_observance_rules/:ruleId/${action}`, tags, summary,
  params: recordParams({ ruleId: 'nonComplianceRule' }), querystring: localeOnlyQuerySchema, response: { 200: nonComplianceRuleSchema, ...changeErrors },
});

export const nonComplianceRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/indicator_non_observance_rules', tags,
    summary: "A patient file's non-compliance rules: its own and those its protocols brought, with their state and indicators. Professionals of the file",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, response: { 200: nonComplianceRuleListSchema, ...errorResponses },
  }),
  create: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/indicator_non_observance_rules', tags,
    summary: 'Adds a rule {indicators, periodInDays} to an open file (history NON_COMPLIANCE_RULE_CREATED)',
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: nonComplianceRuleBodySchema, response: { 201: nonComplianceRuleSchema, ...changeErrors },
  }),
  update: defineRoute({
    method: 'PUT', url: '/api/indicator_non_observance_rules/:ruleId', tags,
    summary: "Changes the file's own rule (history NON_COMPLIANCE_RULE_UPDATED); a protocol's rule answers 409: override it",
    params: recordParams({ ruleId: 'nonComplianceRule' }), querystring: localeOnlyQuerySchema, body: nonComplianceRuleBodySchema, response: { 200: nonComplianceRuleSchema, ...changeErrors },
  }),
  deactivate: stateChange('deactivate', 'Deactivates a rule for good (history NON_COMPLIANCE_RULE_DEACTIVATED)'),
  exclude: stateChange('exclude', 'Excludes a rule from the file until restored (history NON_COMPLIANCE_RULE_EXCLUDED)'),
  restore: stateChange('restore', 'Restores an excluded rule; its days count again from now (history NON_COMPLIANCE_RULE_RESTORED)'),
  override: defineRoute({
    method: 'POST', url: '/api/indicator_non_observance_rules/:ruleId/override', tags,
    summary: 'Changes a rule a protocol brought, for this file alone: overridden (history NON_COMPLIANCE_RULE_OVERRIDDEN)',
    params: recordParams({ ruleId: 'nonComplianceRule' }), querystring: localeOnlyQuerySchema, body: nonComplianceRuleBodySchema, response: { 200: nonComplianceRuleSchema, ...changeErrors },
  }),
} as const;
