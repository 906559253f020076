/**
 * Split mode, care API side: every /api call must carry the identity the gateway signed.
 * Missing, unsigned, forged or stale → 401. The care API never reads session cookies.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../errors.ts';
import { IDENTITY_HEADER, verifyIdentity } from '../identity.ts';

export default fp(async function identityHeader(app: FastifyInstance, opts: { key: string; now: () => number }) {
  app.decorateRequest('identity', undefined);
  app.addHook('onRequest', async (request) => {
    const identity = verifyIdentity(request.headers[IDENTITY_HEADER], opts.key, opts.now());
    if (!identity) throw unauthorized('invalid_identity');
    request.identity = identity;
    request.locale = identity.locale;
    request.timeZone = identity.timeZone;
  });
}, { name: 'identity-header', dependencies: ['locale'] });
