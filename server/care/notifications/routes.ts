/** The caller's notifications, preferences and push subscriptions (schemas/api/notifications.ts). */
import type { FastifyInstance } from 'fastify';
import { notificationRoutes as contracts } from '../../../schemas/api/notifications.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { notificationsRepository } from './repository.ts';

export default async function notificationsRoutes(app: FastifyInstance) {
  const repo = (request: { care: CareContext }) => notificationsRepository(request.care, { production: app.notifications.production });

  route(app, contracts.list, async (request) => {
    const { page = 1, pageSize = 15, unread } = request.query;
    return repo(request).list({ page, pageSize, unread });
  });
  route(app, contracts.unreadCount, async (request) => ({ unreadCount: await repo(request).unreadCount() }));
  route(app, contracts.markRead, async (request) => repo(request).markRead(request.params.id));
  route(app, contracts.markAllRead, async (request) => repo(request).markAllRead());
  route(app, contracts.preferences, async (request) => repo(request).preferences());
  route(app, contracts.putPreferences, async (request) => repo(request).setPreferences(request.body));
  route(app, contracts.pushPublicKey, async () => {
    const keys = await app.notifications.vapid();
    if (!keys) throw new AppError(404, 'push_not_configured');
    return { publicKey: keys.publicKey };
  });
  route(app, contracts.subscribe, async (request) => repo(request).subscribe(request.body));
  route(app, contracts.unsubscribe, async (request) => {
    await repo(request).unsubscribe(request.body.endpoint);
    return undefined;
  });
}
