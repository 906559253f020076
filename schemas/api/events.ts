/**
 * Contract of /api/events: the caller's live event stream (server-sent events, issue 11 §4).
 * Each message is `event: alert.raised` with the `data:` of alertRaisedEventSchema
 * (schemas/telemonitoring.ts): ids only, the client refetches what it shows.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { defineRoute } from './contract.ts';

export const eventRoutes = {
  stream: defineRoute({
    method: 'GET', url: '/api/events', tags: ['live events'],
    summary: 'The caller\'s live events (text/event-stream): alert.raised for the patient files of services where the caller holds a patient-data privilege; a heartbeat comment every 25 s; ends with the session',
    querystring: localeOnlyQuerySchema,
    response: { 200: { description: 'A text/event-stream of alert.raised events (schemas/telemonitoring.ts alertRaisedEventSchema)', type: 'string' }, ...errorResponses, 406: errorSchema },
  }),
} as const;
