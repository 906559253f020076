/**
 * Security headers with a strict Content-Security-Policy (no inline script, no eval).
 *
 * helmet's middleware is built once here and run on every request. @fastify/helmet 13 calls
 * `helmet(options)` again for each request, re-validating and re-serialising the whole policy:
 * about a third of the throughput of a small /api call, for headers that never change.
 */
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries, by lower-case name. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

export default fp(async function security(app: FastifyInstance, opts: { secure: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and the grid set style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The same answer as frame-ancestors 'none' for browsers that only read X-Frame-Options.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: opts.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  // The same headers as a list, for answers written on the socket before Fastify has a request
  // (plugins/errors.ts clientErrors: headers too large, unparsable requests).
  const headers: Record<string, string> = {};
  const collect = { setHeader: (name: string, value: unknown) => { headers[name.toLowerCase()] = String(value); }, removeHeader: (name: string) => { delete headers[name.toLowerCase()]; } };
  setHeaders({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  app.decorate('securityHeaders', headers);
}, { name: 'security' });
