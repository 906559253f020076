/**
 * Live alerts, process side: ONE LISTEN connection per care-API process, on three channels — the
 * alerts raiseAlerts() notifies (schemas/telemonitoring.ts ALERTS_CHANNEL), the messages
 * messageSent() notifies (schemas/messages.ts MESSAGES_CHANNEL) and the access notices
 * the database's triggers send when a session ends or a user's grants change (server/db/
 * access-notices.ts ACCESS_CHANNEL) — fanned out in-process to the open event streams
 * (server/care/events/). A NOTIFY sent in a transaction reaches every listening process at commit,
 * so an alert raised by any process (another gateway, the job queue, a second care API) reaches
 * the browsers connected to this one, and a logout or a membership removed anywhere (a route, the
 * session purge, a hand in the database) ends the streams it concerns on every process.
 *
 * Why both channels on the SAME connection: PostgreSQL delivers the notifications of one
 * connection in the order their transactions committed, whatever their channel. An alert
 * committed after a membership removal therefore arrives after the removal's notice, and the
 * notice ends the matching streams synchronously, before the next notification is read: no alert
 * committed after someone lost the right to see it is written to their stream. That is how each
 * event is checked against the listener's current grants without a query per event: the stream
 * holds the grants read when it opened (server/care/events/routes.ts), and lives only as long as
 * no notice says they changed. Two connections would give no order between them.
 *
 * - PostgreSQL: a dedicated `pg` client (never one of the pool: LISTEN holds its connection),
 *   reconnected with a capped exponential backoff when the connection drops. Notifications sent
 *   while it is down are lost: alerts (the client refetches its lists on reconnect anyway) and
 *   access notices alike. So the streams open during the gap end once the LISTEN is back (they
 *   reconnect through the session layer and are admitted again on current grants) — not when it
 *   is lost, since reconnecting while the database is down would fail and stop EventSource for
 *   good. Nothing is written to them meanwhile (no alert arrives either); the streams' heartbeat
 *   check of their session is the backstop for that time.
 * - PGlite: `listen(channel, cb)` on the app's own PGlite client (one process, one database); it
 *   calls back in the order of the notifications, one channel or the other.
 *
 * Started when the app is ready and stopped when it closes (Fastify hooks), like the job queue.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ALERTS_CHANNEL, type AlertRaisedEvent } from '../../../schemas/telemonitoring.ts';
import { MESSAGES_CHANNEL, type MessageCreatedEvent } from '../../../schemas/messages.ts';
import { NOTIFICATIONS_CHANNEL, type NotificationCreatedEvent } from '../../../schemas/notifications.ts';
import { ACCESS_CHANNEL, parseAccessNotice } from '../../db/access-notices.ts';

/** An open event stream, as the live plugin sees it. */
export interface LiveSubscriber {
  /** The stream's session (SHA-256 of its id) and user: an access notice naming either ends it. */
  readonly sessionIdHash: string;
  readonly userId: string;
  /** Every alert batch committed after the subscription, in commit order. */
  alert(event: AlertRaisedEvent): void;
  /** Every message committed after the subscription (server/care/messages/sent.ts), in commit order with the rest. */
  message(event: MessageCreatedEvent): void;
  /** Every in-app notification committed for this subscriber's user (server/notifications/notify.ts). */
  notification(event: NotificationCreatedEvent): void;
  /**
   * Called once, synchronously, when the stream must end: its session ended or its user's access
   * changed, the LISTEN connection it relied on was replaced, or the app closes.
   */
  end(): void;
}

export interface LiveAlerts {
  /** Delivers alerts and the end to `subscriber` from now on; answers the unsubscribe. */
  subscribe(subscriber: LiveSubscriber): () => void;
  /** The LISTEN is in place (tests wait on it before raising). */
  readonly listening: boolean;
  /** Open subscriptions (the event streams of this process). */
  readonly subscribers: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveAlerts: LiveAlerts;
  }
}

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
// Messages on the same connection too: a message committed after a caregiver's removal arrives after its notice.
const CHANNELS = [ALERTS_CHANNEL, MESSAGES_CHANNEL, NOTIFICATIONS_CHANNEL, ACCESS_CHANNEL] as const;

/** A notification's payload as raiseAlerts wrote it; anything else is dropped. */
function parseEvent(payload: string | undefined): AlertRaisedEvent | undefined {
  if (!payload) return undefined;
  try {
    const event = JSON.parse(payload) as AlertRaisedEvent;
    return event?.type === 'alert.raised' && typeof event.serviceId === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/** A notification's payload as messageSent wrote it; anything else is dropped. */
function parseMessageEvent(payload: string | undefined): MessageCreatedEvent | undefined {
  if (!payload) return undefined;
  try {
    const event = JSON.parse(payload) as MessageCreatedEvent;
    return event?.type === 'message.created' && typeof event.serviceId === 'string' && typeof event.patientFileId === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/** A notification's payload as notify wrote it; anything else is dropped. */
function parseNotificationEvent(payload: string | undefined): NotificationCreatedEvent | undefined {
  if (!payload) return undefined;
  try {
    const event = JSON.parse(payload) as NotificationCreatedEvent;
    return event?.type === 'notification.created' && typeof event.recipientId === 'string' && typeof event.notificationId === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/** The open streams, found by session and by user when a notice names one. */
class Subscribers {
  readonly all = new Set<LiveSubscriber>();
  private readonly bySession = new Map<string, Set<LiveSubscriber>>();
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();

  add(subscriber: LiveSubscriber): void {
    this.all.add(subscriber);
    index(this.bySession, subscriber.sessionIdHash, subscriber);
    index(this.byUser, subscriber.userId, subscriber);
  }

  remove(subscriber: LiveSubscriber): boolean {
    if (!this.all.delete(subscriber)) return false;
    unindex(this.bySession, subscriber.sessionIdHash, subscriber);
    unindex(this.byUser, subscriber.userId, subscriber);
    return true;
  }

  ofSession(idHash: string): LiveSubscriber[] { return [...this.bySession.get(idHash) ?? []]; }
  ofUser(userId: string): LiveSubscriber[] { return [...this.byUser.get(userId) ?? []]; }

  /** Removes each, then tells it to end (its own unsubscribe is then a no-op). */
  end(subscribers: Iterable<LiveSubscriber>): void {
    for (const subscriber of [...subscribers]) if (this.remove(subscriber)) subscriber.end();
  }
}

function index(map: Map<string, Set<LiveSubscriber>>, key: string, subscriber: LiveSubscriber) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(subscriber);
}

function unindex(map: Map<string, Set<LiveSubscriber>>, key: string, subscriber: LiveSubscriber) {
  const set = map.get(key);
  set?.delete(subscriber);
  if (set?.size === 0) map.delete(key);
}

export default fp(async function liveAlerts(app: FastifyInstance) {
  const open = new Subscribers();
  let listening = false;
  let stopped = false;
  let stop: () => Promise<void> = async () => {};

  /** One notification, either channel; synchronous, so that each is handled before the next. */
  const deliver = (channel: string, payload: string | undefined) => {
    if (channel === ALERTS_CHANNEL) {
      const event = parseEvent(payload);
      if (event) for (const subscriber of [...open.all]) subscriber.alert(event);
    } else if (channel === MESSAGES_CHANNEL) {
      const event = parseMessageEvent(payload);
      if (event) for (const subscriber of [...open.all]) subscriber.message(event);
    } else if (channel === NOTIFICATIONS_CHANNEL) {
      // Its recipient's streams only: the user of each stream is known.
      const event = parseNotificationEvent(payload);
      if (event) for (const subscriber of open.ofUser(event.recipientId)) subscriber.notification(event);
    } else if (channel === ACCESS_CHANNEL) {
      const notice = parseAccessNotice(payload);
      if (!notice) {
        // Whose access changed cannot be told: every stream ends and is admitted again.
        app.log.warn({ payload }, 'live alerts: unreadable access notice, every stream ends');
        open.end(open.all);
      } else open.end(notice.kind === 'session' ? open.ofSession(notice.sessionIdHash) : open.ofUser(notice.userId));
    }
  };

  app.decorate('liveAlerts', {
    subscribe(subscriber: LiveSubscriber) {
      open.add(subscriber);
      return () => { open.remove(subscriber); };
    },
    get listening() { return listening; },
    get subscribers() { return open.all.size; },
  } satisfies LiveAlerts);

  const jobs = app.database.jobs;
  if ('pglite' in jobs) {
    app.addHook('onReady', async () => {
      const unlisten = await Promise.all(CHANNELS.map((channel) => jobs.pglite.listen(channel, (payload) => deliver(channel, payload))));
      listening = true;
      stop = async () => {
        listening = false;
        await Promise.all(unlisten.map((u) => u().catch(() => {})));
      };
    });
  } else {
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delay = BACKOFF_FIRST_MS;
    // Notices may have been missed (no LISTEN yet, or it was lost): the streams open meanwhile end
    // as soon as a LISTEN is back, before its first notification is handled.
    let missed = true;
    const caughtUp = () => {
      if (!missed) return;
      missed = false;
      open.end(open.all);
    };
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: jobs.url, application_name: 'telesuivi-live-alerts' });
      next.on('notification', (message) => {
        if (client !== next) return;
        caughtUp();
        deliver(message.channel, message.payload);
      });
      next.on('error', (err) => {
        app.log.warn({ err }, 'live alerts: LISTEN connection lost');
        if (client === next) lost();
      });
      next.on('end', () => { if (client === next) lost(); });
      client = next;
      await next.connect();
      // One query, so that both channels start together.
      await next.query(CHANNELS.map((channel) => `listen ${channel}`).join('; '));
      if (client !== next) return;
      listening = true;
      caughtUp();
      delay = BACKOFF_FIRST_MS;
    };
    const lost = () => {
      listening = false;
      missed = true;
      client = undefined;
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect().catch((err) => {
          app.log.warn({ err, retryInMs: delay }, 'live alerts: LISTEN reconnection failed');
          lost();
        });
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, BACKOFF_MAX_MS);
    };
    app.addHook('onReady', async () => {
      // A database not reachable at start is retried in the background: the API serves without live events meanwhile.
      await connect().catch((err) => { app.log.warn({ err }, 'live alerts: LISTEN failed at start'); lost(); });
    });
    stop = async () => {
      clearTimeout(retry);
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => {});
    };
  }

  // Open streams end first: the server's close waits for their connections.
  app.addHook('preClose', async () => { open.end(open.all); });
  // Before the database closes: the PGlite unlisten needs it open.
  app.addHook('onClose', async () => {
    stopped = true;
    open.end(open.all);
    await stop();
  });
}, { name: 'live-alerts', dependencies: ['db'] });
