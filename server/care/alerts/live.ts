/**
 * Live alerts, process side: ONE LISTEN per care-API process on the channel raiseAlerts()
 * notifies (schemas/telemonitoring.ts ALERTS_CHANNEL), fanned out in-process to the open event
 * streams (server/care/events/). A NOTIFY sent in a transaction reaches every listening process
 * at commit, so an alert raised by any process (another gateway, the job queue, a second care
 * API) reaches the browsers connected to this one.
 *
 * - PostgreSQL: a dedicated `pg` client (never one of the pool: LISTEN holds its connection),
 *   reconnected with a capped exponential backoff when the connection drops. Events notified
 *   while it was down are lost; the client refetches its lists on reconnect anyway.
 * - PGlite: `listen(channel, cb)` on the app's own PGlite client (one process, one database).
 *
 * Started when the app is ready and stopped when it closes (Fastify hooks), like the job queue.
 */
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ALERTS_CHANNEL, type AlertRaisedEvent } from '../../../schemas/telemonitoring.ts';

export type AlertListener = (event: AlertRaisedEvent) => void;

export interface LiveAlerts {
  /**
   * Calls `listener` for every alert batch committed from now on, and `onShutdown` when the app
   * closes (an open stream would otherwise hold the server open); answers the unsubscribe.
   */
  subscribe(listener: AlertListener, onShutdown?: () => void): () => void;
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

export default fp(async function liveAlerts(app: FastifyInstance) {
  const emitter = new EventEmitter();
  // Every open stream subscribes: no warning at the 11th.
  emitter.setMaxListeners(0);
  let listening = false;
  let stopped = false;
  let stop: () => Promise<void> = async () => {};

  const deliver = (payload: string | undefined) => {
    const event = parseEvent(payload);
    if (event) emitter.emit('alert', event);
  };

  app.decorate('liveAlerts', {
    subscribe(listener: AlertListener, onShutdown?: () => void) {
      emitter.on('alert', listener);
      if (onShutdown) emitter.on('shutdown', onShutdown);
      return () => {
        emitter.off('alert', listener);
        if (onShutdown) emitter.off('shutdown', onShutdown);
      };
    },
    get listening() { return listening; },
    get subscribers() { return emitter.listenerCount('alert'); },
  } satisfies LiveAlerts);

  const jobs = app.database.jobs;
  if ('pglite' in jobs) {
    app.addHook('onReady', async () => {
      const unlisten = await jobs.pglite.listen(ALERTS_CHANNEL, deliver);
      listening = true;
      stop = async () => { listening = false; await unlisten().catch(() => {}); };
    });
  } else {
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delay = BACKOFF_FIRST_MS;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: jobs.url, application_name: 'telesuivi-live-alerts' });
      next.on('notification', (message) => { if (message.channel === ALERTS_CHANNEL) deliver(message.payload); });
      next.on('error', (err) => {
        app.log.warn({ err }, 'live alerts: LISTEN connection lost');
        if (client === next) lost();
      });
      next.on('end', () => { if (client === next) lost(); });
      client = next;
      await next.connect();
      await next.query(`listen ${ALERTS_CHANNEL}`);
      listening = true;
      delay = BACKOFF_FIRST_MS;
    };
    const lost = () => {
      listening = false;
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
  app.addHook('preClose', async () => { emitter.emit('shutdown'); });
  // Before the database closes: the PGlite unlisten needs it open.
  app.addHook('onClose', async () => {
    stopped = true;
    emitter.removeAllListeners();
    await stop();
  });
}, { name: 'live-alerts', dependencies: ['db'] });
