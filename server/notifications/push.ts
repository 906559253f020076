/**
 * Web push with VAPID (web-push): the key pair from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or,
 * outside production when they are unset, a pair generated once and kept in the database
 * (`system_state`), so every process on that database signs with the same key and browsers'
 * subscriptions survive restarts. In production without keys web push is off.
 */
import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { systemState } from '../db/schema.ts';

export interface VapidKeys { publicKey: string; privateKey: string }
const STATE_KEY = 'vapid-keys';

export async function vapidKeys(db: Db, configured: VapidKeys | undefined, production: boolean): Promise<VapidKeys | undefined> {
  if (configured) return configured;
  if (production) return undefined;
  const generated = webpush.generateVAPIDKeys();
  // Of two processes starting together, the first pair stored is everyone's.
  await db.insert(systemState).values({ key: STATE_KEY, value: generated }).onConflictDoNothing();
  const [row] = await db.select({ value: systemState.value }).from(systemState).where(eq(systemState.key, STATE_KEY));
  return row!.value as VapidKeys;
}

export interface PushTarget { endpoint: string; p256dh: string; auth: string }

/** What the push service answered: gone (404, 410) means the subscription ended and is forgotten. */
export class PushGone extends Error {}

/**
 * web-push builds the request (the body encrypted for the subscription's keys, aes128gcm, and the
 * VAPID Authorization header); fetch sends it, so a push service on this machine may answer over
 * http in development and tests (web-push's own sender speaks https only). Production endpoints
 * are https (the subscription route refuses others).
 */
export async function sendPush(target: PushTarget, payload: string, vapid: VapidKeys, subject: string): Promise<void> {
  const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 24 * 3600,
  });
  // fetch counts the body itself: a Content-Length of web-push's would be refused.
  const headers = Object.fromEntries(Object.entries(request.headers as Record<string, string | number>)
    .filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
  const response = await fetch(request.endpoint, {
    method: request.method, headers, body: request.body ? new Uint8Array(request.body as Buffer) : null, signal: AbortSignal.timeout(15_000),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) throw new PushGone(`push subscription gone (${response.status})`);
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
}
