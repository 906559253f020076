/**
 * GET /api/events: the caller's live stream (server-sent events, issue 11 §4), fed by the
 * process's one LISTEN (care/alerts/live.ts).
 *
 * - Who gets what: an `alert.raised` event is forwarded only when its service is one whose files
 *   the caller opens as a professional (a patient-data privilege in the service or its whole
 *   establishment). A patient or a caregiver gets no alert (their alerts are the team's). A
 *   `message.created` event (a message in a file's conversation, server/care/messages/sent.ts)
 *   goes to the same professionals, and to the file's patient and caregivers: the patient-side
 *   files are read when the stream opens, after it subscribed, and a caregiver row changed
 *   sends an access notice that ends the stream (migration 0029). A service or a file created
 *   after the stream opened is picked up at the next connection.
 * - The right to listen, checked against the database as it is now, not as the gateway
 *   remembered it (issue 19): the stream subscribes, then reads its session (still there, within
 *   its absolute lifetime, no temporary password issued: 401 otherwise, which stops EventSource)
 *   and its user's memberships (not the identity's grants, up to the gateway's session cache
 *   older or signed before a change). It holds those services for its life — one lookup per
 *   event, never a query — and its life ends at once, on every process, when the database says
 *   they may be stale: an access notice (server/db/access-notices.ts, sent by triggers at commit)
 *   for its session (logout, password change, the purge, a temporary password issued, any
 *   deletion of its row) or for its user (a membership inserted, changed or deleted, by a route
 *   or by hand; roles changed). Notices and alerts come on one LISTEN connection in commit order,
 *   so every event written was committed while the listener still held the grants it was
 *   checked against (the reasoning is in live.ts). EventSource then reconnects through the
 *   session layer and is admitted again on current grants, or refused.
 * - Backstops: a heartbeat comment every EVENTS_HEARTBEAT_MS checks the session again (notices
 *   are lost while the LISTEN connection is down; its streams end when it is back), and the
 *   stream ends when the session's time left at connect runs out (admitted again if other calls
 *   extended the session). The heartbeat also keeps proxies (the gateway's undici body timeout,
 *   30 s) from closing a quiet stream.
 * - Ids only (batch, file, service, alerts, kinds): the client refetches what it shows.
 * - `retry:` first. Not compressed (plugins/compression.ts compresses JSON and HTML types only)
 *   and sent as it is written (no buffering header for proxies in front).
 */
import { PassThrough } from 'node:stream';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { eventRoutes } from '../../../schemas/api/events.ts';
import { EVENT_STREAM_TYPE, EVENTS_HEARTBEAT_MS, EVENTS_RETRY_MS } from '../../../schemas/events.ts';
import type { AlertRaisedEvent } from '../../../schemas/telemonitoring.ts';
import type { MessageCreatedEvent } from '../../../schemas/messages.ts';
import { patientFiles, sessions, users } from '../../db/schema.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { currentProfessionalServiceIds, patientSideFileScope } from '../access.ts';

export default async function eventStreamRoutes(app: FastifyInstance) {
  route(app, eventRoutes.stream, async (request, reply) => {
    if (!request.headers.accept?.includes(EVENT_STREAM_TYPE)) throw new AppError(406, 'event_stream_only');
    const care = request.care;
    const { sessionIdHash, sessionExpiresIn } = care.identity;

    const stream = new PassThrough();
    const write = (text: string) => { if (!stream.writableEnded) stream.write(text); };
    /** The services whose alerts are written; undefined until read, alerts wait in `early` meanwhile. */
    let forwarded: ReadonlySet<string> | undefined;
    /** The patient files the caller follows from the patient side (her own, as a caregiver): their messages are written too. */
    let followed: ReadonlySet<string> = new Set();
    const early: (AlertRaisedEvent | MessageCreatedEvent)[] = [];
    const forward = (event: AlertRaisedEvent | MessageCreatedEvent) => {
      const to = forwarded!.has(event.serviceId) || (event.type === 'message.created' && followed.has(event.patientFileId));
      if (to) write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    const receive = (event: AlertRaisedEvent | MessageCreatedEvent) => { if (forwarded) forward(event); else early.push(event); };
    let heartbeat: NodeJS.Timeout | undefined;
    let expiry: NodeJS.Timeout | undefined;
    let unsubscribe = () => {};
    const end = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      if (!stream.writableEnded) stream.end();
    };

    write(`retry: ${EVENTS_RETRY_MS}\n: connected\n\n`);
    // Subscribed first, read second: a change committed after the reads below sends a notice that
    // ends this stream; one whose notice came before the subscription committed before the reads,
    // which see it. The identity's grants are not used: the gateway may have read them before the
    // change (its session cache) or signed them before it (split mode).
    unsubscribe = app.liveAlerts.subscribe({
      sessionIdHash, userId: care.userId, end,
      alert: receive,
      message: receive,
      // The caller's own (live.ts gives each stream its user's only): nothing to check.
      notification: (event) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
    });
    let alive: boolean;
    try {
      let files: { id: string }[];
      [alive, forwarded, files] = await Promise.all([
        sessionAlive(sessionIdHash), currentProfessionalServiceIds(care.db, care.userId),
        // Read after subscribing, as the memberships: a caregiver row changed later sends a notice that ends the stream.
        care.db.select({ id: patientFiles.id }).from(patientFiles).where(patientSideFileScope(care.userId)),
      ]);
      followed = new Set(files.map((f) => f.id));
    } catch (err) {
      end();
      throw err;
    }
    // Over already (logout, password change, temporary password): 401, which stops EventSource.
    if (!alive) {
      end();
      throw unauthorized('insufficient_authentication');
    }
    for (const event of early.splice(0)) forward(event);
    // Ended meanwhile by a notice (its grants changed as it opened): sent as it is, EventSource reconnects.
    if (!stream.writableEnded) {
      heartbeat = setInterval(() => {
        sessionAlive(sessionIdHash).then((still) => (still ? write(': heartbeat\n\n') : end()), end);
      }, EVENTS_HEARTBEAT_MS);
      expiry = setTimeout(end, Math.max(sessionExpiresIn, 1) * 1000);
      heartbeat.unref();
      expiry.unref();
    }
    // The browser left (tab closed, EventSource.close(), the gateway's upstream request ended).
    request.raw.once('close', end);
    stream.once('close', end);

    reply.header('content-type', `${EVENT_STREAM_TYPE}; charset=utf-8`)
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
    return reply.send(stream);
  }, { exposeHeadRoute: false });

  /**
   * The session is still there (logout, password change and the purge delete its row), within its
   * absolute lifetime, and its account holds no temporary password (session-store.ts).
   */
  async function sessionAlive(idHash: string): Promise<boolean> {
    const rows = await app.db.select({ one: sql`1` }).from(sessions).innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, idHash), gt(sessions.absoluteExpiresAt, app.now()), eq(users.mustChangePassword, false))).limit(1);
    return rows.length > 0;
  }
}
