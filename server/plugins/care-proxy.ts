/**
 * Split mode, gateway side: /api calls that passed the session layer go to the care API with
 * the caller's identity in a signed header; cookies stay at the gateway. An unreachable care
 * API answers 502 `care_api_unavailable`.
 */
import proxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { IDENTITY_HEADER, signIdentity } from '../identity.ts';
import { sendError } from './errors.ts';

export async function careProxy(api: FastifyInstance, opts: { upstream: string; key: string; now: () => number }) {
  await api.register(proxy, {
    upstream: opts.upstream,
    rewritePrefix: '/api',
    http: { requestOptions: { timeout: 30_000 } },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const { cookie: _cookie, [IDENTITY_HEADER]: _forged, ...rest } = headers;
        return { ...rest, [IDENTITY_HEADER]: signIdentity(request.identity!, opts.key, opts.now()), 'x-request-id': request.id };
      },
      onError: (reply, { error }) => {
        reply.log.warn({ err: error }, 'care API unreachable');
        return sendError(reply.request as never, reply as never, new AppError(502, 'care_api_unavailable'));
      },
    },
  });
}
