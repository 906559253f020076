/** The server's VAPID key and the browser's push subscription (POST/DELETE /me/push-subscriptions). */
import { notificationRoutes } from '../../../../schemas/api/notifications.ts';
import type { PushSubscriptionBody } from '../../../../schemas/notifications.ts';
import { call } from '../../../lib/api/client.ts';

export const getPushPublicKey = async () => (await call(notificationRoutes.pushPublicKey)).publicKey;
export const saveSubscription = (body: PushSubscriptionBody) => call(notificationRoutes.subscribe, { body });
export const forgetSubscription = (endpoint: string) => call(notificationRoutes.unsubscribe, { body: { endpoint } });
