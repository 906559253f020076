/**
 * The real gateway on a throwaway database with the demo world, a clock tests can move, and
 * helpers to log in like a browser does (login page → token → POST → cookie).
 */
import request from 'supertest';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Env } from '../../schemas/env.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import jobs, { type JobsOptions } from '../../server/jobs/plugin.ts';

export const demoEmail = (local: string) => `${local}@demo.telesuivi.test`;
export { DEMO_PASSWORD };

/** Stands still unless a test moves it: expiry tests jump ahead instead of sleeping. */
export class TestClock {
  private current = Date.now();
  now = () => new Date(this.current);
  advance(ms: number) { this.current += ms; }
}

export interface TestGateway {
  app: FastifyInstance;
  config: Config;
  clock: TestClock;
  db: TestDatabase;
  close(): Promise<void>;
}

/** High login limits by default so that tests logging in often are not throttled. */
export async function startGateway(env: Partial<Env> = {}, options: { db?: TestDatabase; demo?: boolean; jobs?: JobsOptions } = {}): Promise<TestGateway> {
  const demo = options.demo !== false;
  // Most files start from the demo template; provisionDemo then sees it there and only checks.
  const db = options.db ?? await createTestDatabase({ demo });
  if (demo) await provisionDemo(db.database.db);
  const config = loadConfig({}, {
    LOG_LEVEL: 'silent', LOGIN_MAX_PER_ACCOUNT: 1000, LOGIN_MAX_PER_ADDRESS: 1000, CLIENT_DIST: './dist/client', ...env,
  });
  const clock = new TestClock();
  const app = await buildGateway({ config, database: db.database, now: clock.now });
  // Scheduled jobs (pg-boss) only when a test asks: most tests do not need the queue.
  if (options.jobs) await app.register(jobs, options.jobs);
  await app.ready();
  return {
    app, config, clock, db,
    async close() {
      await app.close();
      if (!options.db) await db.drop();
    },
  };
}

export const loginToken = (html: string) => /name="csrf-token" content="([^"]+)"/.exec(html)?.[1];

/** A logged-in browser: its cookie jar (supertest agent) and the anti-forgery token of its session. */
export interface Browser { agent: ReturnType<typeof request.agent>; csrf: string; sessionCookie: string }

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Browser> {
  const agent = request.agent(app.server);
  const page = await agent.get('/auth/login').expect(200);
  const token = loginToken(page.text);
  const res = await agent.post('/auth/login').set('x-csrf-token', token!).send({ email, password });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.text}`);
  const cookies = ([] as (string | undefined)[]).concat(res.headers['set-cookie']);
  const sessionCookie = cookies.find((c) => c !== undefined && /^(__Host-)?sid=/.test(c));
  if (!sessionCookie) throw new Error(`login of ${email} set no session cookie`);
  const me = await agent.get('/api/me');
  return { agent, csrf: String(me.headers['x-csrf-token']), sessionCookie };
}

export type CallMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Demo accounts of `gateway()` logged in once each (`as`), and a call as one of them with its
 * anti-forgery token (`call`): what API test files wrote out each for themselves.
 */
export function demoCallers(gateway: () => TestGateway) {
  const browsers = new Map<string, Browser>();
  async function as(local: string): Promise<Browser> {
    let b = browsers.get(local);
    if (!b) { b = await login(gateway().app, demoEmail(local)); browsers.set(local, b); }
    return b;
  }
  async function call(local: string, method: CallMethod, path: string, body?: object) {
    const b = await as(local);
    const req = b.agent[method](path).set('x-csrf-token', b.csrf);
    return body === undefined ? req : req.send(body);
  }
  return { as, call };
}
