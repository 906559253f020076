/**
 * Scheduled jobs, started with the server (server/main.ts, server/api-main.ts; tests with
 * startGateway(env, { jobs: true })): pg-boss starts when the app is ready and stops, letting a
 * running job finish, when the app closes. Several gateways may run it at once: pg-boss sends
 * each scheduled job once across all of them, and the queue's singleton policy lets one run at a
 * time.
 *
 * - automatic-close: every 15 minutes, files past their end date in their establishment's time
 *   zone are closed (automatic-close.ts), with the app's clock (`app.now`).
 * - non-compliance: every 15 minutes and at start, indicators without a value for their rule's
 *   days and planned questionnaires unanswered past their limit date raise non-compliance alerts
 *   (non-compliance.ts).
 * - idempotency-purge: every hour, idempotency keys past their 24 hours are removed
 *   (idempotency-purge.ts).
 * - notification-delivery: one job per notification × channel (e-mail, web push), handed to the
 *   queue by the dispatcher every polling interval once notify()'s transaction committed
 *   (server/notifications/dispatch.ts), sent and recorded by server/notifications/deliver.ts,
 *   retried with backoff when the SMTP server or the push service fails.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { createBoss } from './boss.ts';
import { closeFilesPastEndDate, type AutomaticCloseResult } from './automatic-close.ts';
import { raiseNonComplianceAlerts, type NonComplianceResult } from './non-compliance.ts';
import { purgeExpiredIdempotencyKeys } from './idempotency-purge.ts';
import { dispatchDeliveries, NOTIFICATION_DELIVERY_QUEUE, type DeliveryJob } from '../notifications/dispatch.ts';
import { deliver, type DeliveryOutcome } from '../notifications/deliver.ts';

export const AUTOMATIC_CLOSE_QUEUE = 'automatic-close';
/** Every 15 minutes: midnight comes at a quarter hour in every time zone (Asia/Kathmandu +05:45 included). */
export const AUTOMATIC_CLOSE_CRON = '*/15 * * * *';
export const NON_COMPLIANCE_QUEUE = 'non-compliance';
/** Every 15 minutes: a local day starts at a quarter hour in every time zone. */
export const NON_COMPLIANCE_CRON = '*/15 * * * *';
export const IDEMPOTENCY_PURGE_QUEUE = 'idempotency-purge';
/** Hourly: a key is honoured 24 hours, and an expired one is ignored before it is purged. */
export const IDEMPOTENCY_PURGE_CRON = '7 * * * *';

export interface Jobs {
  boss: PgBoss;
  /** The automatic close's handler, as the queue runs it. */
  automaticClose(): Promise<AutomaticCloseResult>;
  /** The non-compliance alerts' handler, as the queue runs it. */
  nonCompliance(): Promise<NonComplianceResult>;
  /** The idempotency keys' purge, as the queue runs it. */
  idempotencyPurge(): Promise<{ purged: number }>;
  /** Hands the committed deliveries to the queue now (the dispatcher does it every polling interval). */
  dispatchNotifications(): Promise<number>;
  /** One delivery, as its job runs it. */
  deliverNotification(deliveryId: string): Promise<DeliveryOutcome>;
  /** The non-compliance run queued at start. */
  nonComplianceStartupRun: string | null;
  /** The run queued at start (files past their end date while no server ran close at once, not at the next quarter hour). */
  startupRun: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobsOptions {
  /** How often an idle worker looks for a job (pg-boss default 2 s); tests shorten it. */
  pollingIntervalSeconds?: number;
  /** Retries of a failed notification delivery: 5 by default, after 30 s then doubling (pg-boss backoff); tests shorten the delay. */
  notificationRetry?: { limit?: number; delaySeconds?: number; backoff?: boolean };
}

export default fp(async function jobs(app: FastifyInstance, options: JobsOptions) {
  const boss = createBoss(app.database);
  boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
  const automaticClose = () => closeFilesPastEndDate(app.db, app.now);
  const nonCompliance = () => raiseNonComplianceAlerts(app.db, app.now);
  const idempotencyPurge = () => purgeExpiredIdempotencyKeys(app.db, app.now);
  const dispatchNotifications = () => dispatchDeliveries(app.db, boss, app.now);
  const deliverNotification = (deliveryId: string) => deliver(app.db, app.notifications, deliveryId, app.now);
  const handle: Jobs = {
    boss, automaticClose, startupRun: null, nonCompliance, nonComplianceStartupRun: null, idempotencyPurge, dispatchNotifications, deliverNotification,
  };
  let dispatcher: NodeJS.Timeout | undefined;
  let dispatching: Promise<unknown> = Promise.resolve();
  app.decorate('jobs', handle);

  app.addHook('onReady', async () => {
    await boss.start();
    await boss.createQueue(AUTOMATIC_CLOSE_QUEUE, { name: AUTOMATIC_CLOSE_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 60 });
    await boss.schedule(AUTOMATIC_CLOSE_QUEUE, AUTOMATIC_CLOSE_CRON, {}, { tz: 'UTC' });
    await boss.work(AUTOMATIC_CLOSE_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
      const { closed } = await automaticClose();
      if (closed.length > 0) app.log.info({ closed: closed.length }, 'files closed past their end date');
      return { closed: closed.length };
    });
    // Several gateways starting together queue one run: the queue's singleton policy keeps the others out.
    handle.startupRun = await boss.send(AUTOMATIC_CLOSE_QUEUE, {});
    await boss.createQueue(NON_COMPLIANCE_QUEUE, { name: NON_COMPLIANCE_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 60 });
    await boss.schedule(NON_COMPLIANCE_QUEUE, NON_COMPLIANCE_CRON, {}, { tz: 'UTC' });
    await boss.work(NON_COMPLIANCE_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
      const raised = await nonCompliance();
      if (raised.alerts > 0) app.log.info(raised, 'non-compliance alerts raised');
      return raised;
    });
    handle.nonComplianceStartupRun = await boss.send(NON_COMPLIANCE_QUEUE, {});
    await boss.createQueue(IDEMPOTENCY_PURGE_QUEUE, { name: IDEMPOTENCY_PURGE_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 60 });
    await boss.schedule(IDEMPOTENCY_PURGE_QUEUE, IDEMPOTENCY_PURGE_CRON, {}, { tz: 'UTC' });
    await boss.work(IDEMPOTENCY_PURGE_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, idempotencyPurge);
    const retry = options.notificationRetry ?? {};
    await boss.createQueue(NOTIFICATION_DELIVERY_QUEUE, {
      name: NOTIFICATION_DELIVERY_QUEUE, retryLimit: retry.limit ?? 5, retryDelay: retry.delaySeconds ?? 30, retryBackoff: retry.backoff ?? true,
    });
    await boss.work<DeliveryJob>(NOTIFICATION_DELIVERY_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
      const outcome = await deliverNotification(job!.data.deliveryId);
      return { outcome };
    });
    // A timer rather than a cron (a minute at best): an e-mail leaves within seconds of the change.
    dispatcher = setInterval(() => {
      dispatching = dispatchNotifications().catch((err) => app.log.error({ err }, 'notification dispatch failed'));
    }, (options.pollingIntervalSeconds ?? 2) * 1000);
  });
  // Before the database closes (closeOnSignals closes it after the app): a running job finishes first.
  app.addHook('onClose', async () => {
    clearInterval(dispatcher);
    await dispatching;
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  });
}, { name: 'jobs', dependencies: ['db'] });
