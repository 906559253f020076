/**
 * Issue 10 §1: a patient or caregiver created by a professional holds a temporary password and
 * must choose their own at first login (server/auth/first-login.ts). The temporary password opens
 * no session: it leads to the "choose your password" page, whose token is bound to the account
 * and its current password hash; the rules (spec 001 §5: 12 characters, a matching confirmation,
 * not the temporary password) answer on their fields in fr/en/ar; the change opens the session
 * as a normal login would. The login's throttling, anti-forgery and open-redirect safety apply.
 *
 * The gateway trusts X-Forwarded-For here so that each test plays from its own address: the
 * throttling tests count failures per address.
 */
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema.ts';
import { issueTemporaryPassword } from '../../server/shared/temporary-password.ts';
import { hashPassword } from '../../server/shared/passwords.ts';
import ar from '../../server/i18n/locales/ar.json' with { type: 'json' };
import en from '../../server/i18n/locales/en.json' with { type: 'json' };
import fr from '../../server/i18n/locales/fr.json' with { type: 'json' };
import { startGateway, type TestGateway } from '../helpers/app.ts';
import { cookieAttributes, cookieOf, openLoginPage, postLogin, type Agent } from '../helpers/auth-flow.ts';

const LIMITS = { LOGIN_MAX_PER_ACCOUNT: 3, LOGIN_MAX_PER_ADDRESS: 6, LOGIN_WINDOW_MINUTES: 15, TRUST_PROXY: true } as const;
const LOCALES = { fr, en, ar } as const;
type Language = keyof typeof LOCALES;
const NEW_PASSWORD = 'Mon-Nouveau-Mot-2026';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(LIMITS); });
afterAll(async () => { await gw.close(); });

let counter = 0;
/** A fresh caller address per test, so that one test's failures never throttle another. */
const nextAddress = () => `10.77.${Math.floor(++counter / 250)}.${counter % 250 + 1}`;

interface Account { id: string; email: string; password: string }

/** A patient account as a professional creates it: a temporary password, `must_change_password`. */
async function temporaryAccount(options: { consents?: boolean } = {}): Promise<Account> {
  const { password, stored } = await issueTemporaryPassword();
  const email = `first.login.${++counter}@test.example`;
  const at = options.consents === false ? null : gw.clock.now();
  const [row] = await gw.app.db.insert(users).values({
    email, roles: ['ROLE_PATIENT'], firstName: 'Nadia', lastName: 'Premier', ...stored, cguAcceptedAt: at, personalDataConsentAt: at,
  }).returning({ id: users.id });
  return { id: row!.id, email, password };
}

const userRow = async (id: string) => (await gw.app.db.select().from(users).where(eq(users.id, id)))[0]!;

interface Step { agent: Agent; csrf: string; address: string; res: request.Response; nonce: string }

/** Login page, then the login POST with the temporary password, from a fresh browser and address. */
async function loginStep(account: Account, options: { language?: Language; targetUrl?: string; password?: string; address?: string } = {}): Promise<Step> {
  const address = options.address ?? nextAddress();
  const { agent, token, page } = await openLoginPage(gw.app, undefined, `?l=${options.language ?? 'fr'}`);
  const res = await postLogin(agent, token, {
    email: account.email, password: options.password ?? account.password, ...(options.targetUrl ? { targetUrl: options.targetUrl } : {}),
  }, { 'x-forwarded-for': address }).query({ l: options.language ?? 'fr' });
  return { agent, csrf: token, address, res, nonce: cookieOf(page, 'login')!.value };
}

/** POST /auth/first-login as the page's script does. */
function choose(step: Step, body: Record<string, unknown>, language: Language = 'fr') {
  return step.agent.post('/auth/first-login').query({ l: language }).set('x-csrf-token', step.csrf).set('x-forwarded-for', step.address).send(body);
}

/** The same POST with a first-login cookie of one's choosing (a replayed, forged or foreign token). */
function chooseWithToken(step: Step, token: string, body: Record<string, unknown> = { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD }, address = step.address) {
  return request(gw.app.server).post('/auth/first-login').query({ l: 'en' })
    .set('cookie', `login=${step.nonce}; first-login=${token}`).set('x-csrf-token', step.csrf).set('x-forwarded-for', address).send(body);
}

const sessionCookieSet = (res: request.Response) => [res.headers['set-cookie'] ?? []].flat().some((c: string) => /^(__Host-)?sid=[^;]/.test(c));
const tokenOf = (step: Step) => cookieOf(step.res, 'first-login')!.value;

describe('a temporary password opens the first-login step, not a session', () => {
  it('the login answers with the first-login page, sets only an HttpOnly, SameSite=Strict token cookie, and /api/me stays closed', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account, { targetUrl: '/p/0/my-tasks?tab=1' });
    expect(step.res.status).toBe(200);
    expect(step.res.body).toEqual({ redirectTo: `/auth/first-login?l=fr&targetUrl=${encodeURIComponent('/p/0/my-tasks?tab=1')}` });
    expect(sessionCookieSet(step.res)).toBe(false);
    const cookie = cookieOf(step.res, 'first-login')!;
    expect(cookieAttributes(cookie.line)).toMatchObject({ httponly: true, samesite: 'Strict', path: '/', 'max-age': '900' });
    // The token names the account, never the password.
    expect(cookie.value).not.toContain(account.password);
    expect(cookie.value.startsWith(`${account.id}.`)).toBe(true);

    const me = await step.agent.get('/api/me');
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('insufficient_authentication');
    const password = await step.agent.post('/api/me/password').set('x-csrf-token', step.csrf)
      .send({ currentPassword: account.password, newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(password.status).toBe(401);
    expect(await gw.app.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expect((await userRow(account.id)).mustChangePassword).toBe(true);
  });

  it.each([['fr', 'ltr'], ['en', 'ltr'], ['ar', 'rtl']] as const)('the page asks for the new password and its confirmation (%s, dir=%s)', async (l, dir) => {
    const account = await temporaryAccount();
    const step = await loginStep(account, { language: l });
    const page = await step.agent.get(step.res.body.redirectTo).expect(200);
    const m = LOCALES[l];
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain(`<html lang="${l}" dir="${dir}">`);
    expect(page.text).toContain(m.firstLogin.heading);
    expect(page.text).toContain(m.firstLogin.intro);
    expect(page.text).toContain(`>${m.firstLogin.newPassword}</label>`);
    expect(page.text).toContain(`>${m.firstLogin.confirmation}</label>`);
    expect(page.text).toMatch(/<input id="newPassword" name="newPassword" type="password"[^>]*autocomplete="new-password" required minlength="12"/);
    expect(page.text).toMatch(/<input id="confirmation" name="confirmation" type="password"/);
    expect(page.text).toContain(`value="${account.email}" readonly`);
    // The same anti-forgery token as the login page (bound to the same pre-login cookie).
    expect(page.text).toContain(`name="csrf-token" content="${step.csrf}"`);
    expect(page.text).not.toContain(account.password);
  });

  it('without a live token the page sends back to the login page, keeping targetUrl and language', async () => {
    const res = await request(gw.app.server).get(`/auth/first-login?l=ar&targetUrl=${encodeURIComponent('/p/0')}`).expect(302);
    expect(res.headers.location).toBe(`/auth/login?l=ar&targetUrl=${encodeURIComponent('/p/0')}`);
  });

  it('an account without a temporary password logs in as before (no first-login step)', async () => {
    const account = await temporaryAccount();
    await gw.app.db.update(users).set({ passwordHash: await hashPassword(NEW_PASSWORD), mustChangePassword: false }).where(eq(users.id, account.id));
    const step = await loginStep({ ...account, password: NEW_PASSWORD });
    expect(step.res.body).toEqual({ redirectTo: '/' });
    expect(sessionCookieSet(step.res)).toBe(true);
    expect(cookieOf(step.res, 'first-login')).toBeUndefined();
  });
});

describe('the chosen password: each rule on its field, in the request language', () => {
  const label = (l: Language, field: 'newPassword' | 'confirmation') => LOCALES[l].firstLogin[field];
  const cases = (l: Language) => {
    const m = LOCALES[l].errors;
    return [
      ['both missing', {}, [
        { field: 'body.newPassword', message: m.input_required.replace('{{label}}', label(l, 'newPassword')) },
        { field: 'body.confirmation', message: m.input_required.replace('{{label}}', label(l, 'confirmation')) },
      ]],
      ['both empty', { newPassword: '', confirmation: '' }, [
        { field: 'body.newPassword', message: m.input_required.replace('{{label}}', label(l, 'newPassword')) },
        { field: 'body.confirmation', message: m.input_required.replace('{{label}}', label(l, 'confirmation')) },
      ]],
      ['confirmation missing', { newPassword: NEW_PASSWORD }, [
        { field: 'body.confirmation', message: m.input_required.replace('{{label}}', label(l, 'confirmation')) },
      ]],
      ['11 characters', { newPassword: 'abcdefghijk', confirmation: 'abcdefghijk' }, [
        { field: 'body.newPassword', message: m.password_too_short.replace('{{label}}', label(l, 'newPassword')).replace('{{min}}', '12') },
      ]],
      ['mismatch', { newPassword: NEW_PASSWORD, confirmation: `${NEW_PASSWORD}!` }, [
        { field: 'body.confirmation', message: m.password_confirmation_mismatch },
      ]],
      ['too short and mismatch', { newPassword: 'court', confirmation: 'autre' }, [
        { field: 'body.newPassword', message: m.password_too_short.replace('{{label}}', label(l, 'newPassword')).replace('{{min}}', '12') },
        { field: 'body.confirmation', message: m.password_confirmation_mismatch },
      ]],
      ['too long', { newPassword: 'x'.repeat(1025), confirmation: 'x'.repeat(1025) }, [
        { field: 'body.newPassword', message: m.input_too_long.replace('{{label}}', label(l, 'newPassword')).replace('{{max}}', '1024') },
        { field: 'body.confirmation', message: m.input_too_long.replace('{{label}}', label(l, 'confirmation')).replace('{{max}}', '1024') },
      ]],
    ] as const;
  };

  it.each(['fr', 'en', 'ar'] as const)('in %s: every invalid choice is refused with its field messages, and nothing changes', async (l) => {
    const account = await temporaryAccount();
    const step = await loginStep(account, { language: l });
    const before = await userRow(account.id);
    for (const [name, body, errors] of cases(l)) {
      const res = await choose(step, body, l);
      expect(res.status, name).toBe(400);
      expect(res.headers['content-language'], name).toBe(l);
      expect(res.body.errors, name).toEqual(errors);
      expect(res.body.field, name).toBe(errors[0]!.field);
      expect(res.body.message, name).toBe(errors[0]!.message);
      expect(sessionCookieSet(res), name).toBe(false);
    }
    // The temporary password itself, typed twice.
    const same = await choose(step, { newPassword: account.password, confirmation: account.password }, l);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      code: 'password_same_as_temporary', field: 'body.newPassword',
      message: LOCALES[l].errors.password_same_as_temporary.replace('{{label}}', label(l, 'newPassword')),
    });
    expect(same.body.errors).toHaveLength(1);
    const after = await userRow(account.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.mustChangePassword).toBe(true);
    // Mistakes are not guesses: the token still works, and the address is not throttled.
    const ok = await choose(step, { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD }, l);
    expect(ok.status).toBe(200);
  });
});

describe('after the change', () => {
  it('the session opens, the flag is cleared, the old password fails and the new one works', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account, { targetUrl: '/p/0/my-tasks?tab=1#top' });
    const before = gw.clock.now();
    const res = await choose(step, { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD, targetUrl: '/p/0/my-tasks?tab=1#top' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redirectTo: '/p/0/my-tasks?tab=1#top' });
    expect(sessionCookieSet(res)).toBe(true);
    // The token is spent: its cookie is cleared.
    expect(cookieOf(res, 'first-login')!.value).toBe('');
    const me = await step.agent.get('/api/me').expect(200);
    expect(me.body.email).toBe(account.email);

    const row = await userRow(account.id);
    expect(row.mustChangePassword).toBe(false);
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordChangedAt?.getTime()).toBe(before.getTime());

    const old = await loginStep(account);
    expect(old.res.status).toBe(401);
    expect(old.res.body.code).toBe('invalid_credentials');
    const fresh = await loginStep({ ...account, password: NEW_PASSWORD });
    expect(fresh.res.status).toBe(200);
    expect(fresh.res.body).toEqual({ redirectTo: '/' });
    expect(sessionCookieSet(fresh.res)).toBe(true);
  });

  it('continues as a normal login: the terms and the personal-data consent are still asked', async () => {
    const account = await temporaryAccount({ consents: false });
    const step = await loginStep(account);
    await choose(step, { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD }).expect(200);
    const me = await step.agent.get('/api/me');
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('cgu_not_accepted');
  });
});

describe('the first-login token', () => {
  it('cannot be replayed after the change', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account);
    const token = tokenOf(step);
    await choose(step, { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD }).expect(200);
    const replay = await chooseWithToken(step, token, { newPassword: 'Un-Autre-Mot-2026', confirmation: 'Un-Autre-Mot-2026' });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'first_login_expired', message: en.errors.first_login_expired });
    expect(sessionCookieSet(replay)).toBe(false);
    // The password is still the one chosen first.
    expect((await loginStep({ ...account, password: NEW_PASSWORD })).res.status).toBe(200);
    // And the page no longer opens with it.
    const page = await request(gw.app.server).get('/auth/first-login').set('cookie', `first-login=${token}`);
    expect(page.status).toBe(302);
  });

  it('is used once even when sent twice at the same time', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account);
    const token = tokenOf(step);
    const answers = await Promise.all([
      chooseWithToken(step, token, { newPassword: 'Premier-Choix-2026', confirmation: 'Premier-Choix-2026' }),
      chooseWithToken(step, token, { newPassword: 'Second-Choix-2026', confirmation: 'Second-Choix-2026' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200) === answers[0] ? 'Premier-Choix-2026' : 'Second-Choix-2026';
    const loser = winner === 'Premier-Choix-2026' ? 'Second-Choix-2026' : 'Premier-Choix-2026';
    expect((await loginStep({ ...account, password: winner })).res.status).toBe(200);
    expect((await loginStep({ ...account, password: loser })).res.status).toBe(401);
  });

  it("of another account, or re-signed for another account, changes nothing of that account", async () => {
    const a = await temporaryAccount();
    const b = await temporaryAccount();
    const stepA = await loginStep(a);
    const stepB = await loginStep(b);
    const [, expiry, signature] = tokenOf(stepA).split('.');
    // A's signature with B's id.
    const forged = await chooseWithToken(stepB, `${b.id}.${expiry}.${signature}`, undefined, nextAddress());
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('first_login_expired');
    // B's signature with a later expiry.
    const [, expiryB, signatureB] = tokenOf(stepB).split('.');
    const later = await chooseWithToken(stepB, `${b.id}.${Number(expiryB) + 60_000}.${signatureB}`, undefined, nextAddress());
    expect(later.status).toBe(401);
    for (const junk of ['', 'x', `${b.id}..${signatureB}`, `${b.id}.${expiryB}.${signatureB}.x`, `not-a-uuid.${expiryB}.${signatureB}`]) {
      expect((await chooseWithToken(stepB, junk, undefined, nextAddress())).status, junk).toBe(401);
    }
    expect((await userRow(b.id)).mustChangePassword).toBe(true);
    expect((await userRow(a.id)).mustChangePassword).toBe(true);
    // A's own token still serves A only: B's password is untouched.
    await chooseWithToken(stepA, tokenOf(stepA)).expect(200);
    expect((await userRow(b.id)).mustChangePassword).toBe(true);
    expect((await loginStep({ ...b, password: NEW_PASSWORD })).res.status).toBe(401);
  });

  it('expires 15 minutes after the login', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account);
    gw.clock.advance(15 * 60_000 + 1);
    const res = await choose(step, { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('first_login_expired');
    expect(res.body.message).toBe(fr.errors.first_login_expired);
    const page = await request(gw.app.server).get('/auth/first-login').set('cookie', `first-login=${tokenOf(step)}`);
    expect(page.status).toBe(302);
    // The temporary password still leads to a new first-login step.
    const again = await loginStep(account);
    expect(again.res.body.redirectTo).toMatch(/^\/auth\/first-login\?/);
    await choose(again, { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD }).expect(200);
  });

  it('is needed: without the first-login cookie nothing changes', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account);
    const res = await request(gw.app.server).post('/auth/first-login').set('cookie', `login=${step.nonce}`)
      .set('x-csrf-token', step.csrf).set('x-forwarded-for', step.address).send({ newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('first_login_expired');
    expect((await userRow(account.id)).mustChangePassword).toBe(true);
  });
});

describe('the login safeguards apply to the first-login step', () => {
  it('anti-forgery: without the login page token, or cross-site, the change is refused before anything is read', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account);
    const body = { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD };
    const missing = await step.agent.post('/auth/first-login').set('x-forwarded-for', step.address).send(body);
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('csrf_token_invalid');
    const crossSite = await choose(step, body).set('sec-fetch-site', 'cross-site');
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe('cross_site_request');
    expect((await userRow(account.id)).mustChangePassword).toBe(true);
  });

  it('wrong temporary passwords are throttled like any login, and the right one is then refused from that address too', async () => {
    const account = await temporaryAccount();
    const address = nextAddress();
    for (let i = 0; i < LIMITS.LOGIN_MAX_PER_ACCOUNT; i++) {
      expect((await loginStep(account, { password: 'wrong-temporary', address })).res.status).toBe(401);
    }
    const refused = await loginStep(account, { address });
    expect(refused.res.status).toBe(429);
    expect(refused.res.body.code).toBe('too_many_attempts');
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(cookieOf(refused.res, 'first-login')).toBeUndefined();
    // From elsewhere, the owner reaches the first-login step.
    expect((await loginStep(account)).res.body.redirectTo).toMatch(/^\/auth\/first-login\?/);
  });

  it('invalid first-login tokens count as failures from their address, which is then refused even with a valid token', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account);
    const [, expiry, signature] = tokenOf(step).split('.');
    for (let i = 0; i < LIMITS.LOGIN_MAX_PER_ACCOUNT; i++) {
      expect((await chooseWithToken(step, `${account.id}.${expiry}.${signature!.slice(0, -2)}AA`)).status).toBe(401);
    }
    const refused = await chooseWithToken(step, tokenOf(step));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_attempts');
    expect((await userRow(account.id)).mustChangePassword).toBe(true);
  });
});

describe('open-redirect safety of targetUrl is kept', () => {
  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', '/.//evil.example'])('%s is refused by the page and by the change', async (target) => {
    const account = await temporaryAccount();
    const step = await loginStep(account);
    const page = await step.agent.get(`/auth/first-login?targetUrl=${encodeURIComponent(target)}`);
    expect(page.status).toBe(400);
    expect(page.body.code).toBe('invalid_target_url');
    const res = await choose(step, { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD, targetUrl: target });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_target_url', field: 'body.targetUrl' });
    expect((await userRow(account.id)).mustChangePassword).toBe(true);
  });

  it('a same-origin absolute address comes back as its path', async () => {
    const account = await temporaryAccount();
    const step = await loginStep(account);
    const res = await choose(step, { newPassword: NEW_PASSWORD, confirmation: NEW_PASSWORD, targetUrl: `${gw.config.publicUrl.origin}/s/0?x=1` });
    expect(res.body).toEqual({ redirectTo: '/s/0?x=1' });
  });
});

describe('no other way in while the flag is set', () => {
  it('a session opened before a temporary password was issued ends (401 at the next read), its row deleted', async () => {
    const account = await temporaryAccount();
    await gw.app.db.update(users).set({ passwordHash: await hashPassword(NEW_PASSWORD), mustChangePassword: false }).where(eq(users.id, account.id));
    const step = await loginStep({ ...account, password: NEW_PASSWORD });
    await step.agent.get('/api/me').expect(200);

    // A professional issues new first-login credentials.
    const { stored } = await issueTemporaryPassword();
    await gw.app.db.update(users).set(stored).where(eq(users.id, account.id));
    gw.clock.advance(gw.config.session.cacheMs + 1);
    const me = await step.agent.get('/api/me');
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('insufficient_authentication');
    expect(await gw.app.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
  });
});
