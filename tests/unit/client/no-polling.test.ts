/**
 * The client never asks the API on a timer. Every API call extends the session (its idle
 * lifetime, spec 000 §4): a query refetched every 30 s kept an idle session open for good, and the
 * session-expiry e2e test caught the notification bell doing it. Fresh data comes from the live
 * stream (client/lib/live: alerts, messages, notifications), a window coming back into focus, or
 * the user's own actions. The one timer allowed, the expiry countdown, reads the clock, not the API.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? sources(rel) : /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

const lines = (pattern: RegExp) => sources('client').flatMap((file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n')
  .flatMap((line, i) => (pattern.test(line) && !/^\s*(\*|\/\/)/.test(line) ? [`${file}:${i + 1}`] : [])));

describe('no polling of the API', () => {
  it('no query refetches on an interval', () => {
    expect(lines(/\brefetchInterval\b/)).toEqual([]);
  });

  it('the only timer is the expiry countdown, which reads the clock', () => {
    expect(lines(/\bsetInterval\(/)).toEqual(['client/features/session-expiry/use-expiry-status.ts:10']);
  });
});
