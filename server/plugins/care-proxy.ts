/**
 * Split mode, gateway side: /api calls that passed the session layer go to the care API with
 * the caller's identity in a signed header; cookies stay at the gateway. An unreachable care
 * API answers 502 `care_api_unavailable`, and so does one that refuses the gateway's signature
 * (a configuration fault, not the caller's: passed on as a 401 it would send users to log in
 * again and again).
 */
import proxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { IDENTITY_HEADER, signIdentity, type Identity } from '../identity.ts';
import type { UserSnapshot } from '../shared/user-snapshot.ts';
import { sendError } from './errors.ts';

/** How long a signed identity is reused for the same caller and the same content. */
const REUSE_SIGNED_MS = 1000;

/**
 * Signs identities, reusing for up to a second the header made for the same user snapshot when
 * nothing in it changed (session, seconds left, language, time zone): a busy session then
 * costs one signature per second instead of one per call. A changed user record comes with a
 * new snapshot object, so it is never served from here.
 */
function identitySigner(key: string) {
  const last = new WeakMap<UserSnapshot, { identity: Identity; header: string; at: number }>();
  return (identity: Identity, now: number): string => {
    const previous = last.get(identity.user);
    if (previous && now >= previous.at && now - previous.at < REUSE_SIGNED_MS
      && previous.identity.sessionIdHash === identity.sessionIdHash
      && previous.identity.sessionExpiresIn === identity.sessionExpiresIn
      && previous.identity.locale === identity.locale
      && previous.identity.timeZone === identity.timeZone) return previous.header;
    const header = signIdentity(identity, key, now);
    last.set(identity.user, { identity, header, at: now });
    return header;
  };
}

export async function careProxy(api: FastifyInstance, opts: { upstream: string; key: string; now: () => number }) {
  const sign = identitySigner(opts.key);
  await api.register(proxy, {
    upstream: opts.upstream,
    rewritePrefix: '/api',
    // Accept-Encoding goes upstream: the care API compresses its own answers (plugins/compression.ts)
    // and they pass through as they are; the gateway compressing them again would also compress
    // the small ones, since a proxied body is a stream of unknown length.
    config: { compress: false },
    // undici, reply-from's default client: about 15 % less gateway CPU per proxied call here than
    // node:http (which an `http` option would select). The body timeout is between two chunks:
    // the live stream (GET /api/events) sends a heartbeat every 25 s (schemas/events.ts) so that
    // it never runs out, and each event is passed on as it comes (the proxied body is a stream,
    // never compressed again here).
    undici: { headersTimeout: 30_000, bodyTimeout: 30_000 },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const { cookie: _cookie, [IDENTITY_HEADER]: _forged, ...rest } = headers;
        return { ...rest, [IDENTITY_HEADER]: sign(request.identity!, opts.now()), 'x-request-id': request.id };
      },
      onResponse: (request, reply, res) => {
        // The session layer let this caller in: a 401 here can only be the signature refused
        // (IDENTITY_SIGNING_KEY differs, or the two hosts' clocks are over a minute apart).
        if (res.statusCode !== 401) return reply.send(res.stream);
        res.stream.resume();
        reply.log.error('care API refused the signed identity: check IDENTITY_SIGNING_KEY and the clocks of both hosts');
        reply.removeHeader('content-length');
        return sendError(request as never, reply as never, new AppError(502, 'care_api_unavailable'));
      },
      onError: (reply, { error }) => {
        reply.log.warn({ err: error }, 'care API unreachable');
        return sendError(reply.request as never, reply as never, new AppError(502, 'care_api_unavailable'));
      },
    },
  });
}
