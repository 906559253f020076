/** The alerts of issue 11 §4: the establishment's list, a batch's context, an alert's status, comment and close. */
import type { FastifyInstance } from 'fastify';
import { alertRoutes } from '../../../schemas/api/alerts.ts';
import { route } from '../../http/route.ts';
import { alertBatchContext } from './batch-context.ts';
import { changeAlert, closeAlert } from './changes.ts';
import { listAlerts } from './list.ts';
import { alertListCache } from './list-cache.ts';

export default async function alertsRoutes(app: FastifyInstance) {
  // One per app (per process): checked against the database's version on every request.
  const cache = alertListCache();
  // A cached page is the same object each time: its text (the route's own serializer) is kept
  // with it, and then compressed once (plugins/compression.ts keeps the last bodies compressed).
  const texts = new WeakMap<object, string>();
  route(app, alertRoutes.list, async (request, reply) => {
    const page = await listAlerts(request.care, request.params.id, request.query, cache);
    let text = texts.get(page);
    if (text === undefined) {
      text = reply.serialize(page) as string;
      texts.set(page, text);
    }
    return reply.type('application/json; charset=utf-8').send(text);
  });
  route(app, alertRoutes.batch, async (request) => alertBatchContext(request.care, request.params.id));
  route(app, alertRoutes.change, async (request) => changeAlert(request.care, request.params.alertId, request.body ?? {}));
  route(app, alertRoutes.close, async (request) => closeAlert(request.care, request.params.alertId, request.body ?? {}));
}
