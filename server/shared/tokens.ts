/** Random identifiers and constant-time comparisons used by sessions and anti-forgery tokens. */
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session ids and anti-forgery tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** One-shot `crypto.hash`: no Hash object per call (every /api call hashes its session cookie). */
export const sha256 = (value: string) => hash('sha256', value, 'base64url');

export const hmac = (key: string, value: string) => createHmac('sha256', key).update(value).digest('base64url');

export function safeEqual(a: string | undefined, b: string | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
