/** /patient_files/:id/indicator_non_observance_rules and /indicator_non_observance_rules/:ruleId (spec 001 §7). */
import type { FastifyInstance } from 'fastify';
import { nonComplianceRoutes as routes } from '../../../schemas/api/non-compliance.ts';
import { route } from '../../http/route.ts';
import { createRule, deactivateRule, excludeRule, listRules, overrideRule, restoreRule, updateRule } from './repository.ts';

export default async function nonComplianceRoutes(app: FastifyInstance) {
  route(app, routes.list, async (request) => listRules(request.care, await request.care.patientFile(request.params.id)));
  route(app, routes.create, async (request) => createRule(request.care, await request.care.patientFile(request.params.id), request.body));
  route(app, routes.update, async (request) => updateRule(request.care, request.params.ruleId, request.body));
  route(app, routes.override, async (request) => overrideRule(request.care, request.params.ruleId, request.body));
  route(app, routes.deactivate, async (request) => deactivateRule(request.care, request.params.ruleId));
  route(app, routes.exclude, async (request) => excludeRule(request.care, request.params.ruleId));
  route(app, routes.restore, async (request) => restoreRule(request.care, request.params.ruleId));
}
