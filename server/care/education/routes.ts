/** Therapeutic content (issue 20 §2): the patient side's `content` and the service library's management. */
import type { FastifyInstance } from 'fastify';
import { educationRoutes as contracts } from '../../../schemas/api/education.ts';
import { route } from '../../http/route.ts';
import { sendStoredFile } from '../files/send.ts';
import { education } from './repository.ts';

export default async function educationRoutes(app: FastifyInstance) {
  route(app, contracts.content, async (request) => education.content(request.care, request.params.id, request.query));
  route(app, contracts.item, async (request) => education.item(request.care, request.params.id, request.params.contentId));
  // 'embed': PDF and images inline, framed by the education screen only (frame-ancestors 'self'),
  // sandboxed; videos stream with Range (files/send.ts).
  route(app, contracts.itemFile, async (request, reply) =>
    sendStoredFile(reply, app.storage, await education.itemFile(request.care, request.params.id, request.params.contentId), undefined, 'embed'));
  route(app, contracts.list, async (request) => education.list(request.care, request.params.id, request.query.archived ?? 'false'));
  route(app, contracts.add, async (request) => education.add(request.care, request.params.id, request.body));
  route(app, contracts.edit, async (request) => education.edit(request.care, request.params.contentId, request.body));
  route(app, contracts.archive, async (request) => education.setArchived(request.care, request.params.contentId, true));
  route(app, contracts.restore, async (request) => education.setArchived(request.care, request.params.contentId, false));
  route(app, contracts.file, async (request, reply) =>
    sendStoredFile(reply, app.storage, await education.file(request.care, request.params.contentId), undefined, 'embed'));
}
