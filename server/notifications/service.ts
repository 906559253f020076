/**
 * The notification services an app holds (`app.notifications`), built from the configuration in
 * baseApp: the SMTP mailer, the VAPID keys (read or made on first use), the address e-mails link
 * to. The routes read the public key from it; the delivery jobs send through it.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { vapidKeys, type VapidKeys } from './push.ts';

export interface NotificationServices {
  /** Undefined: no SMTP_URL, e-mail deliveries are recorded failed. */
  mailer: Mailer | undefined;
  /** The VAPID pair; undefined: web push is off (production without keys). */
  vapid(): Promise<VapidKeys | undefined>;
  vapidSubject: string;
  /** Where the e-mails' link to log in points. */
  publicUrl: URL;
  /** Production: push endpoints are https only. */
  production: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationServices;
  }
}

export function decorateNotifications(app: FastifyInstance, config: Pick<Config, 'notifications' | 'publicUrl' | 'production'>): void {
  const mailer = createMailer(config.notifications.smtpUrl, config.notifications.mailFrom);
  let keys: Promise<VapidKeys | undefined> | undefined;
  app.decorate('notifications', {
    mailer,
    vapid: () => {
      keys ??= vapidKeys(app.db, config.notifications.vapid, config.production);
      keys.catch(() => { keys = undefined; });
      return keys;
    },
    vapidSubject: config.notifications.vapidSubject,
    publicUrl: config.publicUrl,
    production: config.production,
  } satisfies NotificationServices);
  if (mailer) app.addHook('onClose', async () => mailer.close());
}
