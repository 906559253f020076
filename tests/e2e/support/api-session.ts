/** Calls of the API as a demo account, for a test's setup (what a professional did before the scene). */
import { DEMO_PASSWORD, demoEmail } from './login.ts';

export interface ApiSession { get<T>(path: string): Promise<T>; post<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> }

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);

export async function apiSession(baseUrl: string, account: string): Promise<ApiSession> {
  const page = await fetch(`${baseUrl}/auth/login`);
  const token = /name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookiesOf(page).join('; '), 'x-csrf-token': token ?? '' },
    body: JSON.stringify({ email: demoEmail(account), password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login of ${account}: ${login.status}`);
  const cookie = cookiesOf(login).filter((c) => /sid=/.test(c)).join('; ');
  const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie } });
  const csrf = me.headers.get('x-csrf-token') ?? '';
  return {
    async get<T>(path: string) {
      const res = await fetch(`${baseUrl}/api${path}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async post<T>(path: string, body?: unknown) {
      const res = await fetch(`${baseUrl}/api${path}`, {
        method: 'POST', headers: { cookie, 'x-csrf-token': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
    },
  };
}
