/** Routes of questionnaires (schemas/api/forms.ts): each calls the operation's own module of this folder. */
import type { FastifyInstance } from 'fastify';
import type { ReplyOf } from '../../../schemas/api/contract.ts';
import { formRoutes as contracts } from '../../../schemas/api/forms.ts';
import { route } from '../../http/route.ts';
import { definitionFor, startResponse } from './answering.ts';
import { changeAssignment, excludeAssignment, restoreAssignment } from './assignment-changes.ts';
import { assign } from './assignment.ts';
import { formsOfFile } from './file-forms.ts';
import { MAX_ANSWER_BODY_BYTES } from './limits.ts';
import { formsOfEstablishment } from './list.ts';
import { responseById, responsesOfFile } from './responses.ts';
import { submitResponse } from './submit.ts';
import { tasksOf } from './tasks.ts';

export default async function formRoutes(app: FastifyInstance) {
  const assignmentOut = (a: { id: string; patientFileId: string; formId: string; active: boolean; overload: unknown; assignedAt: Date; excludedAt: Date | null }) => ({
    id: a.id, patientFileId: a.patientFileId, formId: a.formId, active: a.active,
    // The column holds what overloadBodySchema accepted: a planning, or null.
    overload: (a.overload as ReplyOf<typeof contracts.assign>['overload']) ?? null,
    assignedAt: a.assignedAt.toISOString(), excludedAt: a.excludedAt?.toISOString() ?? null,
  });

  route(app, contracts.ofEstablishment, async ({ care, params }) => ({ data: await formsOfEstablishment(care, params.id) }));

  route(app, contracts.assign, async ({ care, params }) => assignmentOut(await assign(care, params.id, params.formId)));

  for (const [contract, active] of [[contracts.activate, true], [contracts.deactivate, false]] as const) {
    route(app, contract, async ({ care, params }) => assignmentOut(await changeAssignment(care, params.id, { active })));
  }

  route(app, contracts.overload, async ({ care, params, body }) => assignmentOut(await changeAssignment(care, params.id, { planning: body.planning })));

  route(app, contracts.exclude, async ({ care, params }) => assignmentOut(await excludeAssignment(care, params.id)));

  route(app, contracts.restore, async ({ care, params }) => assignmentOut(await restoreAssignment(care, params.id)));

  route(app, contracts.ofFile, async ({ care, params }) => ({ data: await formsOfFile(care, params.id) }));

  route(app, contracts.tasks, async ({ care, params }) => ({ data: await tasksOf(care, params.id) }));

  route(app, contracts.definition, async ({ care, params }) => definitionFor(care, params.id, params.formId));

  route(app, contracts.start, async ({ care, params, body }) => ({ id: await startResponse(care, params.id, body.formId, body.occurrenceId) }));

  route(app, contracts.submit, async ({ care, params, body }) => ({ id: await submitResponse(care, params.id, body) }), {
    // Answers are bounded (limits.ts): a larger body is refused with 413 before it is parsed.
    bodyLimit: MAX_ANSWER_BODY_BYTES,
  });

  route(app, contracts.responses, async ({ care, params }) => ({ data: await responsesOfFile(care, params.id) }));

  route(app, contracts.response, async ({ care, params }) => responseById(care, params.id));
}
