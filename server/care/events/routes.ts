/**
 * GET /api/events: the caller's live stream (server-sent events, issue 11 §4), fed by the
 * process's one LISTEN (care/alerts/live.ts).
 *
 * - Who gets what: an `alert.raised` event is forwarded only when its service is one whose files
 *   the caller opens as a professional (a patient-data privilege in the service or its whole
 *   establishment), from the grants of the session read once at connect — one lookup per event,
 *   never a query. A patient or a caregiver gets no event (their alerts are the team's).
 *   A service created after the stream opened is picked up at the next connection.
 * - Ids only (batch, file, service, alerts, kinds): the client refetches what it shows.
 * - `retry:` first, then a comment every EVENTS_HEARTBEAT_MS so that no proxy (the gateway's
 *   undici body timeout, 30 s) closes a quiet stream.
 * - Session: the session layer (or, in split mode, the signed identity) admits the connection
 *   like any call. The stream then ends when the session's time left at connect runs out
 *   (EventSource reconnects through the session layer: admitted again if other calls extended
 *   the session, 401 otherwise, which stops EventSource), and at the first heartbeat after a
 *   logout (its session row gone): a logout ends the stream within EVENTS_HEARTBEAT_MS.
 * - Not compressed (plugins/compression.ts compresses JSON and HTML types only) and sent as it
 *   is written (no buffering header for proxies in front).
 */
import { PassThrough } from 'node:stream';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { eventRoutes } from '../../../schemas/api/events.ts';
import { EVENT_STREAM_TYPE, EVENTS_HEARTBEAT_MS, EVENTS_RETRY_MS } from '../../../schemas/events.ts';
import { sessions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { professionalServiceIds } from '../access.ts';

export default async function eventStreamRoutes(app: FastifyInstance) {
  route(app, eventRoutes.stream, async (request, reply) => {
    if (!request.headers.accept?.includes(EVENT_STREAM_TYPE)) throw new AppError(406, 'event_stream_only');
    const care = request.care;
    const forwarded = await professionalServiceIds(care.db, care.grants);
    const { sessionIdHash, sessionExpiresIn } = care.identity;

    const stream = new PassThrough();
    const write = (text: string) => { if (!stream.writableEnded) stream.write(text); };
    let unsubscribe = () => {};
    let heartbeat: NodeJS.Timeout | undefined;
    let expiry: NodeJS.Timeout | undefined;
    const end = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      if (!stream.writableEnded) stream.end();
    };

    write(`retry: ${EVENTS_RETRY_MS}\n: connected\n\n`);
    unsubscribe = app.liveAlerts.subscribe((event) => {
      if (forwarded.has(event.serviceId)) write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    }, end);
    heartbeat = setInterval(() => {
      sessionAlive(sessionIdHash).then((alive) => (alive ? write(': heartbeat\n\n') : end()), end);
    }, EVENTS_HEARTBEAT_MS);
    expiry = setTimeout(end, Math.max(sessionExpiresIn, 1) * 1000);
    heartbeat.unref();
    expiry.unref();
    // The browser left (tab closed, EventSource.close(), the gateway's upstream request ended).
    request.raw.once('close', end);
    stream.once('close', end);

    reply.header('content-type', `${EVENT_STREAM_TYPE}; charset=utf-8`)
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
    return reply.send(stream);
  }, { exposeHeadRoute: false });

  /** The session is still there (a logout deletes its row) and within its absolute lifetime. */
  async function sessionAlive(idHash: string): Promise<boolean> {
    const rows = await app.db.select({ one: sql`1` }).from(sessions)
      .where(and(eq(sessions.idHash, idHash), gt(sessions.absoluteExpiresAt, app.now()))).limit(1);
    return rows.length > 0;
  }
}
