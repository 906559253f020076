/**
 * The login flow step by step, for tests that look at what the helper `login()` hides:
 * the login page, the POST with its form token, the session cookie that comes back.
 */
import request from 'supertest';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, loginToken } from './app.ts';

export type Agent = ReturnType<typeof request.agent>;

/** GET /auth/login with a fresh cookie jar (or the given one): the page and its form token. */
export async function openLoginPage(app: FastifyInstance, agent: Agent = request.agent(app.server), query = '') {
  const page = await agent.get(`/auth/login${query}`).expect(200);
  const token = loginToken(page.text);
  if (!token) throw new Error('no anti-forgery token on the login page');
  return { agent, token, page };
}

/** POST /auth/login as the login page's script does. */
export function postLogin(agent: Agent, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return agent.post('/auth/login').set('x-csrf-token', token).set(headers).send(body);
}

/** Opens the login page, then logs in: the whole answer of the POST. */
export async function loginResponse(app: FastifyInstance, email: string, password = DEMO_PASSWORD, agent?: Agent) {
  const { token, agent: a } = await openLoginPage(app, agent);
  return { agent: a, res: await postLogin(a, token, { email, password }) };
}

/** The Set-Cookie line of a cookie, and its value. */
export function cookieOf(res: request.Response, name: string): { line: string; value: string } | undefined {
  const line = [res.headers['set-cookie'] ?? []].flat().find((c: string) => c.startsWith(`${name}=`));
  return line ? { line, value: line.slice(name.length + 1).split(';')[0]! } : undefined;
}

/** Attributes of a Set-Cookie line, lower-cased names: { path: '/', httponly: true, ... }. */
export function cookieAttributes(line: string): Record<string, string | true> {
  return Object.fromEntries(line.split(';').slice(1).map((part) => {
    const [name, ...value] = part.trim().split('=');
    return [name!.toLowerCase(), value.length ? value.join('=') : true];
  }));
}
