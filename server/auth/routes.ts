/**
 * /auth/login and /auth/logout (spec 000 §4, 001 §7): browser pages that come back to a
 * same-origin targetUrl. The login form's anti-forgery token is bound to a pre-login cookie;
 * logout uses the session's own token, checked before anything else is read. Failed attempts
 * are throttled per (account, address) and per address in the database (login-limiter.ts),
 * fields are reported one message each in the page's language (form-errors.ts), and an
 * unknown account answers exactly like a wrong password.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import {
  authPageQuerySchema, firstLoginBodySchema, loginBodySchema, loginResponseSchema, type AuthPageQuery, type FirstLoginBody, type LoginBody,
} from '../../schemas/auth.ts';
import { errorResponses, localeOnlyQuerySchema } from '../../schemas/common.ts';
import { sessions, users } from '../db/schema.ts';
import { AppError, unauthorized, type FieldError } from '../errors.ts';
import type { ErrorCode } from '../../schemas/errors.ts';
import { translator } from '../i18n/index.ts';
import { Logos, normaliseBrand, themeOfBrand } from '../ui/branding.ts';
import { authFormValidator, loginFormError } from './form-errors.ts';
import { LoginLimiter } from './login-limiter.ts';
import { firstLoginPage, loginPage, logoutPage } from './pages.ts';
import { FIRST_LOGIN_TTL_MS, MIN_PASSWORD_LENGTH, signFirstLoginToken, verifyFirstLoginToken } from './first-login.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../shared/passwords.ts';
import { safeTargetUrl } from './target-url.ts';
import { hmac, randomToken } from '../shared/tokens.ts';

export interface AuthOptions {
  publicUrl: URL;
  secureCookies: boolean;
  secret: string;
  login: { maxPerAccount: number; maxPerAddress: number; windowMs: number };
  logos: Logos;
  /** The client's files the login page prefetches (client-assets.ts). */
  prefetch: readonly string[];
}

const assetsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
const ASSETS = {
  'login.js': 'text/javascript; charset=utf-8',
  'logout.js': 'text/javascript; charset=utf-8',
  'auth.css': 'text/css; charset=utf-8',
} as const;

export default async function authRoutes(app: FastifyInstance, opts: AuthOptions) {
  // Counters in the database, so that every gateway sees the same ones (login-limiter.ts).
  const limiter = new LoginLimiter(app.db, opts.login, () => app.now());

  const nonceCookie = opts.secureCookies ? '__Host-login' : 'login';
  const nonceCookieOptions = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: opts.secureCookies, maxAge: 3600 };
  const loginToken = (nonce: string) => hmac(opts.secret, `login:${nonce}`);
  // The first-login token (first-login.ts): HttpOnly, sent only by this site's own requests.
  const firstLoginCookie = opts.secureCookies ? '__Host-first-login' : 'first-login';
  const firstLoginCookieOptions = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: opts.secureCookies, maxAge: FIRST_LOGIN_TTL_MS / 1000 };
  /**
   * The forms of the login page (login, first login): the page's anti-forgery token is checked before
   * the body is even read, so a forged request learns nothing, not even that its body is malformed;
   * the body's errors are then answered on their fields.
   */
  const loginPageForm = {
    preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
      app.checkAntiForgery(request, request.cookies[nonceCookie] ? loginToken(request.cookies[nonceCookie]) : undefined);
      return payload;
    },
    attachValidation: true,
    validatorCompiler: authFormValidator,
  };
  /** Where a page of the login flow goes with the same targetUrl, brand and language. */
  const authPath = (page: string, language: string, targetUrl: string, brand: string | undefined) =>
    `/auth/${page}?${new URLSearchParams({ l: language, targetUrl, ...(brand ? { branding: brand } : {}) }).toString()}`;

  async function frame(request: FastifyRequest, branding: string | undefined, title: string) {
    const brand = normaliseBrand(branding);
    const { theme, name } = await themeOfBrand(app.db, app.provisioned, brand);
    return { t: translator(request.locale), language: request.locale, title, theme, brandName: name, logoUrl: opts.logos.url(brand), brand };
  }

  const assets = Object.fromEntries(Object.keys(ASSETS).map((name) => [name, readFileSync(path.join(assetsDir, name))]));
  app.get<{ Params: { name: keyof typeof ASSETS } }>('/auth/assets/:name', {
    schema: { hide: true, params: { type: 'object', required: ['name'], properties: { name: { type: 'string', enum: Object.keys(ASSETS) } } } },
  }, async (request, reply) => reply.type(ASSETS[request.params.name]).header('cache-control', 'no-cache').send(assets[request.params.name]));

  app.get<{ Querystring: AuthPageQuery }>('/auth/login', {
    schema: { tags: ['auth'], summary: 'Login page', querystring: authPageQuerySchema, produces: ['text/html'] },
    attachValidation: true,
    validatorCompiler: authFormValidator,
  }, async (request, reply) => {
    if (request.validationError) throw loginFormError(request.validationError, request.locale);
    const targetUrl = safeTargetUrl(request.query.targetUrl, opts.publicUrl);
    const nonce = request.cookies[nonceCookie] ?? randomToken();
    reply.setCookie(nonceCookie, nonce, nonceCookieOptions);
    const f = await frame(request, request.query.branding, translator(request.locale)('login.title'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(loginPage({ ...f, token: loginToken(nonce), targetUrl, branding: f.brand, prefetch: opts.prefetch }));
  });

  app.post<{ Body: LoginBody }>('/auth/login', {
    schema: { tags: ['auth'], summary: 'Checks the credentials and opens a fresh session', querystring: localeOnlyQuerySchema, body: loginBodySchema, response: { 200: loginResponseSchema, 429: errorResponses[400], ...errorResponses } },
    ...loginPageForm,
  }, async (request, reply) => {
    if (request.validationError) throw loginFormError(request.validationError, request.locale);
    const targetUrl = safeTargetUrl(request.body.targetUrl, opts.publicUrl, '/', 'body.targetUrl');
    const email = request.body.email.trim();
    const decision = await limiter.begin(email, request.ip);
    if (!decision.allowed) {
      reply.header('retry-after', decision.retryAfterSeconds);
      request.log.warn({ event: 'login_throttled' }, 'login attempt refused: too many failures');
      throw new AppError(429, 'too_many_attempts', { minutes: Math.max(1, Math.ceil(decision.retryAfterSeconds / 60)) });
    }
    const [user] = await app.db.select({ id: users.id, hash: users.passwordHash, mustChange: users.mustChangePassword })
      .from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    const valid = user ? await verifyPassword(user.hash, request.body.password) : await verifyAgainstDecoy(request.body.password);
    // A failure stays recorded (begin() wrote it); a success clears this account's failures from this address.
    if (!user || !valid) throw unauthorized('invalid_credentials');
    await limiter.succeeded(decision.attempt);

    // A fresh id at every login: an id known before login (fixation) is never kept.
    const previous = await app.resolveSession(request);
    if (previous) await app.sessions.destroy(previous.idHash);
    if (user.mustChange) {
      // A temporary password opens no session: it earns the first-login step, where the user
      // chooses their own password (first-login.ts). The session opens only then.
      if (request.cookies[app.sessionCookie.name]) app.sessionCookie.clear(reply);
      reply.setCookie(firstLoginCookie, signFirstLoginToken(opts.secret, { id: user.id, passwordHash: user.hash }, app.now().getTime()), firstLoginCookieOptions);
      request.log.info({ event: 'login_first_step' }, 'temporary password accepted: the user must choose a password');
      return { redirectTo: authPath('first-login', request.locale, targetUrl, normaliseBrand(request.body.branding)) };
    }
    const { id } = await app.sessions.create(user.id);
    app.sessionCookie.set(reply, id);
    reply.clearCookie(nonceCookie, nonceCookieOptions);
    request.log.info({ event: 'login' }, 'session opened');
    return { redirectTo: targetUrl };
  });

  app.get<{ Querystring: AuthPageQuery }>('/auth/first-login', {
    schema: { tags: ['auth'], summary: 'First login with a temporary password: the page where the user chooses their password', querystring: authPageQuerySchema, produces: ['text/html'] },
    attachValidation: true,
    validatorCompiler: authFormValidator,
  }, async (request, reply) => {
    if (request.validationError) throw loginFormError(request.validationError, request.locale);
    const targetUrl = safeTargetUrl(request.query.targetUrl, opts.publicUrl);
    const brand = normaliseBrand(request.query.branding);
    const account = await verifyFirstLoginToken(app.db, opts.secret, request.cookies[firstLoginCookie], app.now().getTime());
    // Without a live first-login token (expired, used, never issued): back to the login page.
    if (!account) {
      reply.clearCookie(firstLoginCookie, firstLoginCookieOptions);
      return reply.header('cache-control', 'no-store').redirect(authPath('login', request.locale, targetUrl, brand));
    }
    const nonce = request.cookies[nonceCookie] ?? randomToken();
    reply.setCookie(nonceCookie, nonce, nonceCookieOptions);
    const f = await frame(request, brand, translator(request.locale)('firstLogin.title'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(firstLoginPage({ ...f, token: loginToken(nonce), targetUrl, branding: f.brand, email: account.email, minLength: MIN_PASSWORD_LENGTH }));
  });

  app.post<{ Body: FirstLoginBody }>('/auth/first-login', {
    schema: {
      tags: ['auth'], summary: 'First login: replaces the temporary password with the chosen one, then opens a fresh session',
      querystring: localeOnlyQuerySchema, body: firstLoginBodySchema, response: { 200: loginResponseSchema, 429: errorResponses[400], ...errorResponses },
    },
    ...loginPageForm,
  }, async (request, reply) => {
    if (request.validationError) throw loginFormError(request.validationError, request.locale);
    const targetUrl = safeTargetUrl(request.body.targetUrl, opts.publicUrl, '/', 'body.targetUrl');
    const token = request.cookies[firstLoginCookie];
    const account = await verifyFirstLoginToken(app.db, opts.secret, token, app.now().getTime());
    // The login's throttling applies here too: a refused address stays refused, and a token that
    // is not valid counts as a failed attempt, for the address and for the account the token names.
    const decision = await limiter.begin(`first-login:${String(token ?? '').split('.')[0]!.slice(0, 64)}`, request.ip);
    if (!decision.allowed) {
      reply.header('retry-after', decision.retryAfterSeconds);
      request.log.warn({ event: 'login_throttled' }, 'first-login attempt refused: too many failures');
      throw new AppError(429, 'too_many_attempts', { minutes: Math.max(1, Math.ceil(decision.retryAfterSeconds / 60)) });
    }
    if (!account) {
      reply.clearCookie(firstLoginCookie, firstLoginCookieOptions);
      throw unauthorized('first_login_expired');
    }
    await limiter.succeeded(decision.attempt);

    // Every rule at once, each on its field, in the request's language.
    const t = translator(request.locale);
    const { newPassword, confirmation } = request.body;
    const problems: { field: string; code: ErrorCode; params: Record<string, string | number> }[] = [];
    const labelled = (key: string, params: Record<string, string | number> = {}) => ({ ...params, label: t(key) });
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      problems.push({ field: 'body.newPassword', code: 'password_too_short', params: labelled('firstLogin.newPassword', { min: MIN_PASSWORD_LENGTH }) });
    } else if (await verifyPassword(account.passwordHash, newPassword)) {
      problems.push({ field: 'body.newPassword', code: 'password_same_as_temporary', params: labelled('firstLogin.newPassword') });
    }
    if (confirmation !== newPassword) problems.push({ field: 'body.confirmation', code: 'password_confirmation_mismatch', params: {} });
    const [first] = problems;
    if (first) {
      const errors: FieldError[] = problems.map((p) => ({ field: p.field, message: t(`errors.${p.code}`, p.params) }));
      throw new AppError(400, first.code, first.params, first.field, errors);
    }

    // The change holds only if the account is still the one the token was signed for: two
    // submissions of one token (two tabs, a replay) change the password once.
    const hash = await hashPassword(newPassword);
    const changed = await app.db.transaction(async (tx) => {
      const rows = await tx.update(users).set({ passwordHash: hash, mustChangePassword: false, passwordChangedAt: app.now() })
        .where(and(eq(users.id, account.id), eq(users.passwordHash, account.passwordHash), eq(users.mustChangePassword, true)))
        .returning({ id: users.id });
      // Nothing opened with the temporary password survives it (there should be nothing).
      if (rows.length) await tx.delete(sessions).where(eq(sessions.userId, account.id));
      return rows.length > 0;
    });
    reply.clearCookie(firstLoginCookie, firstLoginCookieOptions);
    if (!changed) throw unauthorized('first_login_expired');
    app.sessions.forgetUser(account.id);

    // Then exactly the login's end: a fresh session (consents are asked by the application).
    const previous = await app.resolveSession(request);
    if (previous) await app.sessions.destroy(previous.idHash);
    const { id } = await app.sessions.create(account.id);
    app.sessionCookie.set(reply, id);
    reply.clearCookie(nonceCookie, nonceCookieOptions);
    request.log.info({ event: 'login' }, 'password chosen at first login, session opened');
    return { redirectTo: targetUrl };
  });

  app.get<{ Querystring: AuthPageQuery }>('/auth/logout', {
    schema: { tags: ['auth'], summary: 'Logout page: ends the session, then goes to targetUrl', querystring: authPageQuerySchema, produces: ['text/html'] },
    attachValidation: true,
    validatorCompiler: authFormValidator,
  }, async (request, reply) => {
    if (request.validationError) throw loginFormError(request.validationError, request.locale);
    const brand = normaliseBrand(request.query.branding);
    const fallback = `/auth/login${brand ? `?branding=${brand}` : ''}`;
    const targetUrl = safeTargetUrl(request.query.targetUrl, opts.publicUrl, fallback);
    const session = await app.resolveSession(request);
    if (!session) return reply.redirect(targetUrl);
    const f = await frame(request, brand, translator(request.locale)('logout.title'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(logoutPage({ ...f, token: session.csrfToken, targetUrl }));
  });

  app.post('/auth/logout', {
    schema: { tags: ['auth'], summary: 'Ends the session', querystring: localeOnlyQuerySchema, response: { 204: { type: 'null' }, ...errorResponses } },
    // As for the login: the session and its token first, before the query or a body is looked at.
    preParsing: async (request, _reply, payload) => {
      const session = await app.resolveSession(request);
      if (!session) throw unauthorized('insufficient_authentication');
      app.checkAntiForgery(request, session.csrfToken);
      return payload;
    },
  }, async (request, reply: FastifyReply) => {
    const session = (await app.resolveSession(request))!;
    await app.sessions.destroy(session.idHash);
    app.sessionCookie.clear(reply);
    return reply.code(204).send();
  });
}
