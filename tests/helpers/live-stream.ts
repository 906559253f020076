/**
 * GET /api/events as a browser's EventSource opens it, over a real socket, and alerts raised on
 * the database under test (tests/api/alerts-live.test.ts, tests/api/live-stream-access.test.ts).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { raiseAlerts } from '../../server/care/alerts/raise.ts';
import { patientFiles } from '../../server/db/schema.ts';
import type { AlertRaisedEvent } from '../../schemas/telemonitoring.ts';
import type { MessageCreatedEvent } from '../../schemas/messages.ts';
import { usingPostgres, type TestDatabase } from './database.ts';

const root = path.resolve(import.meta.dirname, '../..');

export const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

export interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: AlertRaisedEvent[];
  text: () => string;
  /** Resolves with the first event matching, however long the machine takes (the test's timeout bounds it). */
  next(match: (event: AlertRaisedEvent) => boolean): Promise<AlertRaisedEvent>;
  /** The message.created events, in order (tests/api/messages-live.test.ts). */
  messages: MessageCreatedEvent[];
  nextMessage(match: (event: MessageCreatedEvent) => boolean): Promise<MessageCreatedEvent>;
  /** The server ended the answer (or the socket closed). */
  ended: Promise<void>;
  readonly isEnded: boolean;
  close(): void;
}

/** An EventSource as the browser opens one: the session cookie, Accept: text/event-stream. */
export function openStream(baseUrl: string, cookie: string, accept = 'text/event-stream'): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { headers: { cookie: cookie.split(';')[0]!, accept, 'accept-encoding': 'gzip, br' } }, (res) => {
      let raw = '';
      let isEnded = false;
      const events: AlertRaisedEvent[] = [];
      const waiting: { match: (e: AlertRaisedEvent) => boolean; resolve: (e: AlertRaisedEvent) => void }[] = [];
      const messages: MessageCreatedEvent[] = [];
      const waitingMessages: { match: (e: MessageCreatedEvent) => boolean; resolve: (e: MessageCreatedEvent) => void }[] = [];
      const ended = new Promise<void>((done) => {
        const end = () => { isEnded = true; done(); };
        res.once('end', end);
        res.once('close', end);
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        for (const block of chunk.split('\n\n')) {
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data && /^event: message\.created$/m.test(block)) {
            const message = JSON.parse(data) as MessageCreatedEvent;
            messages.push(message);
            for (const w of waitingMessages.filter((x) => x.match(message))) { waitingMessages.splice(waitingMessages.indexOf(w), 1); w.resolve(message); }
            continue;
          }
          if (!data || !/^event: alert\.raised$/m.test(block)) continue;
          const event = JSON.parse(data) as AlertRaisedEvent;
          events.push(event);
          for (const w of waiting.filter((x) => x.match(event))) { waiting.splice(waiting.indexOf(w), 1); w.resolve(event); }
        }
      });
      resolve({
        status: res.statusCode!, headers: res.headers, events, text: () => raw, ended,
        get isEnded() { return isEnded; },
        next: (match) => new Promise((found) => {
          const already = events.find(match);
          if (already) found(already);
          else waiting.push({ match, resolve: found });
        }),
        messages,
        nextMessage: (match) => new Promise((found) => {
          const already = messages.find(match);
          if (already) found(already);
          else waitingMessages.push({ match, resolve: found });
        }),
        close: () => req.destroy(),
      });
    });
    req.once('error', reject);
  });
}

/** Raises one THRESHOLD alert on a file, in a transaction on the app's own database (its pool on PostgreSQL). */
export async function raiseHere(db: TestDatabase, fileId: string): Promise<string> {
  const database = db.database.db;
  const [file] = await database.select({ id: patientFiles.id, serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, fileId));
  const batch = await database.transaction((tx) => raiseAlerts(tx, file!, { source: 'MEASURES' }, [{ kind: 'THRESHOLD', crossing: { value: 1 } }], new Date()));
  return batch!.batchId;
}

/** Raises one alert on a file: from another process on PostgreSQL, on the app's database with PGlite. */
export async function raiseOn(db: TestDatabase, fileId: string): Promise<string> {
  if (!usingPostgres) return raiseHere(db, fileId);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/helpers/raise-alert-process.ts')], {
      cwd: root, env: { ...process.env, RAISE_DATABASE_URL: db.url!, RAISE_FILE_ID: fileId }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`raising process exited ${code}: ${stderr}`))));
  });
  const raised = JSON.parse(out) as { batchId: string; pid: number };
  expect(raised.pid).not.toBe(process.pid);
  return raised.batchId;
}

export async function waitListening(app: FastifyInstance) {
  await vi.waitFor(() => { if (!app.liveAlerts.listening) throw new Error('not listening yet'); }, { timeout: 30_000, interval: 50 });
}
