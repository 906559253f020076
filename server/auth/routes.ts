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
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authPageQuerySchema, loginBodySchema, loginResponseSchema, type AuthPageQuery, type LoginBody } from '../../schemas/auth.ts';
import { errorResponses, localeOnlyQuerySchema } from '../../schemas/common.ts';
import { users } from '../db/schema.ts';
import { AppError, unauthorized } from '../errors.ts';
import { translator } from '../i18n/index.ts';
import { Logos, normaliseBrand, themeOfBrand } from '../ui/branding.ts';
import { authFormValidator, loginFormError } from './form-errors.ts';
import { LoginLimiter } from './login-limiter.ts';
import { loginPage, logoutPage } from './pages.ts';
import { verifyAgainstDecoy, verifyPassword } from '../shared/passwords.ts';
import { safeTargetUrl } from './target-url.ts';
import { hmac, randomToken } from '../shared/tokens.ts';

export interface AuthOptions {
  publicUrl: URL;
  secureCookies: boolean;
  secret: string;
  login: { maxPerAccount: number; maxPerAddress: number; windowMs: number };
  logos: Logos;
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
      .send(loginPage({ ...f, token: loginToken(nonce), targetUrl, branding: f.brand }));
  });

  app.post<{ Body: LoginBody }>('/auth/login', {
    schema: { tags: ['auth'], summary: 'Checks the credentials and opens a fresh session', querystring: localeOnlyQuerySchema, body: loginBodySchema, response: { 200: loginResponseSchema, 429: errorResponses[400], ...errorResponses } },
    // The anti-forgery token is checked before the body is even read: a forged request learns
    // nothing, not even that its body is malformed.
    preParsing: async (request, _reply, payload) => {
      app.checkAntiForgery(request, request.cookies[nonceCookie] ? loginToken(request.cookies[nonceCookie]) : undefined);
      return payload;
    },
    attachValidation: true,
    validatorCompiler: authFormValidator,
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
    const [user] = await app.db.select({ id: users.id, hash: users.passwordHash }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    const valid = user ? await verifyPassword(user.hash, request.body.password) : await verifyAgainstDecoy(request.body.password);
    // A failure stays recorded (begin() wrote it); a success clears this account's failures from this address.
    if (!user || !valid) throw unauthorized('invalid_credentials');
    await limiter.succeeded(decision.attempt);

    // A fresh id at every login: an id known before login (fixation) is never kept.
    const previous = await app.resolveSession(request);
    if (previous) await app.sessions.destroy(previous.idHash);
    const { id } = await app.sessions.create(user.id);
    app.sessionCookie.set(reply, id);
    reply.clearCookie(nonceCookie, nonceCookieOptions);
    request.log.info({ event: 'login' }, 'session opened');
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
