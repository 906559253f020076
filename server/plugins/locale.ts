/**
 * Language and time zone of each request (spec 000 §7): query `l` first, then the user's saved
 * language (set later by the session layer), then Accept-Language, then the configured default.
 * The time zone comes from the `X-Timezone` header unless the user chose one.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { fromAcceptLanguage, isLanguage, type Language } from '../i18n/index.ts';
import { TIMEZONE_HEADER as TIMEZONE } from '../../schemas/http.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Language;
    /** True when the call named its language with query `l`. */
    localeFromQuery: boolean;
    /** The IANA time zone in effect for this call. */
    timeZone: string;
  }
}

/** The client's header (schemas/http.ts), as Node names it. */
export const TIMEZONE_HEADER = TIMEZONE.toLowerCase();

/** IANA names as browsers send them: `Area/Location[/Sub]`, `UTC`, `EST5EDT`, `Etc/GMT+5`. */
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]{0,40}(\/[A-Z0-9][A-Za-z0-9_+-]{0,40}){0,2}$/;
const knownZones = new Map<string, boolean>();

/**
 * Intl.supportedValuesOf('timeZone') lists ICU's canonical names only (Asia/Calcutta, not
 * Asia/Kolkata, which browsers send), so a zone is known when Intl can format in it.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !IANA_NAME.test(value)) return false;
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 2000) knownZones.set(value, known);
  }
  return known;
}

/** A browser sends the same Accept-Language with every call: parsed once per distinct value. */
const accepted = new Map<string, Language | undefined>();
function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  if (accepted.has(header)) return accepted.get(header);
  const language = fromAcceptLanguage(header);
  // Bounded, and only ordinary values: a client cannot grow it without limit.
  if (accepted.size < 2000 && header.length <= 200) accepted.set(header, language);
  return language;
}

export default fp(async function locale(app: FastifyInstance, opts: { defaultLanguage: Language }) {
  app.decorateRequest('locale', opts.defaultLanguage);
  app.decorateRequest('localeFromQuery', false);
  app.decorateRequest('timeZone', 'UTC');

  // Callback hooks, not async ones: no promise and no extra turn of the microtask queue per call.
  app.addHook('onRequest', (request, _reply, done) => {
    const l = (request.query as Record<string, unknown> | undefined)?.l;
    request.localeFromQuery = isLanguage(l);
    request.locale = isLanguage(l) ? l : acceptedLanguage(request.headers['accept-language']) ?? opts.defaultLanguage;
    const zone = request.headers[TIMEZONE_HEADER];
    request.timeZone = zone === undefined ? 'UTC' : isTimeZone(zone) ? zone : 'UTC';
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('content-language')) reply.header('content-language', request.locale);
    done(null, payload);
  });
}, { name: 'locale' });
