/**
 * Web push for this browser, started only by the user turning push on in the notifications
 * manager (a user action: browsers refuse or hide permission prompts that come unasked). It asks
 * the permission, registers the service worker (client/public/notifications-sw.js, served at the
 * root so that it may show notifications for the whole application), subscribes with the server's
 * VAPID key and gives the subscription to the server. Turning push off keeps the subscription:
 * the server sends by the preferences, and another type may still want push.
 */
import type { PushSubscriptionBody } from '../../../../schemas/notifications.ts';
import { getPushPublicKey, saveSubscription } from '../api/push-subscriptions.ts';

export const SERVICE_WORKER_URL = '/notifications-sw.js';

/** subscribed; denied (blocked in the browser's settings); dismissed (the prompt closed unanswered); unsupported; failed. */
export type PushOutcome = 'subscribed' | 'denied' | 'dismissed' | 'unsupported' | 'failed';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'Notification' in window && 'PushManager' in window && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Whether the browser already refuses notifications to this site (then no prompt can appear). */
export const pushBlocked = () => pushSupported() && Notification.permission === 'denied';

/** A VAPID key (base64url) as PushManager.subscribe wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const bytes = atob(base64);
  const key = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i += 1) key[i] = bytes.charCodeAt(i);
  return key;
}

/** Call from the user's action itself: the permission is requested before anything is awaited. */
export async function subscribePush(): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const subscription = (await registration.pushManager.getSubscription())
      ?? await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(await getPushPublicKey()) });
    const { endpoint, expirationTime, keys } = subscription.toJSON();
    await saveSubscription({ endpoint: endpoint!, expirationTime: expirationTime ?? null, keys: keys as PushSubscriptionBody['keys'] });
    return 'subscribed';
  } catch {
    return 'failed';
  }
}
