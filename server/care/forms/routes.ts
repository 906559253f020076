import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '../../../schemas/api/contract.ts';
import { formRoutes as contracts } from '../../../schemas/api/forms.ts';
import { route } from '../../http/route.ts';
import type { CareContext } from '../context.ts';
import { formsRepository } from './repository.ts';
import { MAX_ANSWER_BODY_BYTES } from './limits.ts';

export default async function formRoutes(app: FastifyInstance) {
  const repo = (request: { care: CareContext }) => formsRepository(request.care);
  const assignmentOut = (a: { id: string; patientFileId: string; formId: string; active: boolean; overload: unknown; assignedAt: Date; excludedAt: Date | null }) => ({
    id: a.id, patientFileId: a.patientFileId, formId: a.formId, active: a.active,
    // The column holds what overloadBodySchema accepted: a planning, or null.
    overload: (a.overload as ReplyOf<typeof contracts.assign>['overload']) ?? null,
    assignedAt: a.assignedAt.toISOString(), excludedAt: a.excludedAt?.toISOString() ?? null,
  });

  route(app, contracts.ofEstablishment, async (request) => ({ data: await repo(request).listForEstablishment(request.params.id) }));

  route(app, contracts.assign, async (request) => assignmentOut(await repo(request).assign(request.params.id, request.params.formId)));

  for (const [contract, active] of [[contracts.activate, true], [contracts.deactivate, false]] as const) {
    route(app, contract, async (request) => assignmentOut(await repo(request).update(request.params.id, { active })));
  }

  route(app, contracts.overload, async (request) => assignmentOut(await repo(request).update(request.params.id, { planning: request.body.planning })));

  route(app, contracts.exclude, async (request) => assignmentOut(await repo(request).exclude(request.params.id)));

  route(app, contracts.restore, async (request) => assignmentOut(await repo(request).restore(request.params.id)));

  route(app, contracts.ofFile, async (request) => ({ data: await repo(request).ofFile(request.params.id) }));

  route(app, contracts.tasks, async (request) => ({ data: await repo(request).tasks(request.params.id) }));

  route(app, contracts.definition, async (request) => repo(request).definitionFor(request.params.id, request.params.formId));

  route(app, contracts.start, async (request) => ({ id: await repo(request).start(request.params.id, request.body.formId, request.body.occurrenceId) }));

  route(app, contracts.submit, async (request) => ({ id: await repo(request).submit(request.params.id, request.body) }), {
    // Answers are bounded (limits.ts): a larger body is refused with 413 before it is parsed.
    bodyLimit: MAX_ANSWER_BODY_BYTES,
  });

  route(app, contracts.responses, async (request) => ({ data: await repo(request).listResponses(request.params.id) }));

  route(app, contracts.response, async (request) => repo(request).getResponse(request.params.id));
}
