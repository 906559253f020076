/**
 * Security headers with a strict Content-Security-Policy (no inline script, no eval).
 *
 * helmet computes them once, at start: its middleware is run on a recording response and the
 * headers it sets are kept, then given to each reply as Fastify headers. Running the middleware
 * per request (as @fastify/helmet does, re-validating the whole policy each time) cost about a
 * third of the throughput of a small /api call, and even built once, its eleven functions each
 * calling `res.setHeader` took ~20 µs per call and moved Node's writeHead off its fast path
 * (headers set on the raw response are merged one by one with Fastify's).
 *
 * Every answer carries them (documents, JSON, errors, the login pages and their assets), except
 * the built client's hashed files under /assets/ (scripts, stylesheets, fonts, images), which
 * keep only what a subresource needs: X-Content-Type-Options (a script or stylesheet is run
 * only with its own type) and Cross-Origin-Resource-Policy (no other site embeds them). The
 * rest (CSP, X-Frame-Options, COOP, Referrer-Policy...) governs documents and is ignored on a
 * subresource, and cost ~550 bytes on each of the dozens of files of a first visit
 * (tests/bench/client-bundle.ts). Anything the browser could render as a document (HTML, SVG,
 * the index.html fallback), a worker script (its CSP is its own), or an error keeps them all.
 */
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
        // Therapeutic content (issue 20 §2): the app frames its own PDFs, and YouTube videos only
        // through the privacy-enhanced host (no cookie before play); no other site is framed.
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
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
  const headers: Record<string, string> = {};
  const collect = { setHeader: (name: string, value: unknown) => { headers[name.toLowerCase()] = String(value); }, removeHeader: (name: string) => { delete headers[name.toLowerCase()]; } };
  setHeaders({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  Object.freeze(headers);
  // Also used for answers written on the socket before Fastify has a request
  // (plugins/errors.ts clientErrors: headers too large, unparsable requests).
  app.decorate('securityHeaders', headers);

  // Callback hooks, not async ones: no promise and no extra turn of the microtask queue per call.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isHashedAsset(request, reply)) for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
    done(null, payload);
  });
}, { name: 'security' });

/** Where the client build puts its content-hashed files (client/vite.config.ts build.assetsDir). */
export const HASHED_ASSETS = '/assets/';

/** What a hashed asset keeps of the security headers. */
export const ASSET_SECURITY_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'] as const;

/** Headers only a document (or a worker) reads: a script, stylesheet, font or image ignores them. */
const DOCUMENT_ONLY = [
  'content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy',
  'strict-transport-security', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options',
  'x-permitted-cross-domain-policies', 'x-xss-protection',
];

/** Types a browser only uses as a subresource (never rendered as a page that runs code). */
const SUBRESOURCE_TYPE = /^(text\/css|(text|application)\/javascript|font\/|image\/(png|jpeg|gif|webp|avif))\s*(;|$)/i;

/**
 * A file the static plugin sent from the hashed assets directory (its routes are registered per
 * file: an unknown name reaches the not-found handler and keeps every header), successfully, of
 * a subresource type, and not fetched to run as a worker or shown as a page.
 */
function isHashedAsset(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.routeOptions.url?.startsWith(HASHED_ASSETS) || reply.statusCode >= 400) return false;
  if (/^(document|iframe|frame|embed|object|worker|sharedworker|serviceworker)$/.test(String(request.headers['sec-fetch-dest'] ?? ''))) return false;
  return SUBRESOURCE_TYPE.test(String(reply.getHeader('content-type') ?? ''));
}
