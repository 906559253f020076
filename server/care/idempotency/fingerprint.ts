/**
 * What a call asked, as a hash: method, route, path parameters and body (not the query: on these
 * routes it only chooses the answer's language, which a retry may change). The body is written as
 * canonical JSON (keys sorted at every level, arrays in order) so that a retry that sends the same
 * values with its keys in another order is the same call. Only the hash is kept, never the body.
 */
import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted; undefined properties left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, route: string, params: unknown, body: unknown): string {
  return createHash('sha256').update(`${method} ${route}\n${canonicalJson(params ?? null)}\n${canonicalJson(body ?? null)}`).digest('hex');
}
