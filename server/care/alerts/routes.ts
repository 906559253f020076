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
  route(app, alertRoutes.list, async (request) => listAlerts(request.care, request.params.id, request.query, cache));
  route(app, alertRoutes.batch, async (request) => alertBatchContext(request.care, request.params.id));
  route(app, alertRoutes.change, async (request) => changeAlert(request.care, request.params.alertId, request.body ?? {}));
  route(app, alertRoutes.close, async (request) => closeAlert(request.care, request.params.alertId, request.body ?? {}));
}
