/** Logging in over HTTP as a browser does: login page → its token and cookie → POST → session cookie. */
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);

export interface Session { cookie: string; csrf: string }

export async function login(baseUrl: string, email: string, password: string): Promise<Session> {
  const page = await fetch(`${baseUrl}/auth/login`);
  const token = /name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1];
  if (!page.ok || !token) throw new Error(`login page: ${page.status}`);
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookiesOf(page).join('; '), 'x-csrf-token': token },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  const sid = cookiesOf(res).find((c) => /^(__Host-)?sid=/.test(c));
  if (!sid) throw new Error('no session cookie after login');
  const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie: sid } });
  return { cookie: sid, csrf: me.headers.get('x-csrf-token') ?? '' };
}

/** GET a JSON body once, checking the status: the bench compares like with like. */
export async function getJson(url: string, headers: Record<string, string>): Promise<{ body: unknown; headers: Headers }> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return { body: await res.json(), headers: res.headers };
}
