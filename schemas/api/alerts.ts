/** Contracts of the alerts (issue 11 §4, spec 000 §4): the establishment's list, a batch's context, and an alert's changes. */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { alertBatchContextSchema, alertChangeBodySchema, alertListQuerySchema, alertPageSchema, alertWithCommentsSchema } from '../alerts.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['alerts'] as const;
const changeErrors = { ...errorResponses, 409: errorSchema } as const;

export const alertRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/establishments/:id/alerts', tags,
    summary: 'Pending and closed alerts of the patient files the caller may open as a professional in the establishment: filtered by level, status, kind, service, patient and days, sorted and paged',
    params: recordParams({ id: 'establishment' }), querystring: alertListQuerySchema, response: { 200: alertPageSchema, ...errorResponses },
  }),
  batch: defineRoute({
    method: 'GET', url: '/api/alert_batches/:id', tags,
    summary: "The context of an alert batch: its alerts, each indicator's measures around it with the thresholds and reference value in force, the response that carried them, the file's latest history (professionals of the file)",
    params: recordParams({ id: 'alertBatch' }), querystring: localeOnlyQuerySchema, response: { 200: alertBatchContextSchema, ...errorResponses },
  }),
  change: defineRoute({
    method: 'PUT', url: '/api/alerts/:alertId', tags,
    summary: "Sets an alert's status (one that closes alerts closes it) and/or its comment (history ALERT_STATUS_SET, ALERT_COMMENTED, ALERT_CLOSED)",
    params: recordParams({ alertId: 'alert' }), querystring: localeOnlyQuerySchema, body: alertChangeBodySchema, response: { 200: alertWithCommentsSchema, ...changeErrors },
  }),
  close: defineRoute({
    method: 'POST', url: '/api/alerts/:alertId/close', tags,
    summary: 'Closes a pending alert, with a status and a comment if given (history ALERT_CLOSED; 409 alert_already_closed)',
    params: recordParams({ alertId: 'alert' }), querystring: localeOnlyQuerySchema, body: alertChangeBodySchema, response: { 200: alertWithCommentsSchema, ...changeErrors },
  }),
} as const;
