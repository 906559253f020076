/**
 * pino options shared by both entry points: request ids, and no secrets or patient data —
 * cookies, tokens and signed identities are redacted, bodies are never logged.
 */
import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { stdSerializers, type Logger } from 'pino';
import { buildValidator } from './http/validators.ts';

export const REDACTED = [
  'req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'req.headers["x-care-identity"]',
  'res.headers["set-cookie"]', 'res.headers["x-csrf-token"]',
];

/**
 * Errors as pino serialises them, minus the values bound to a failed query: drizzle copies them
 * into `params`, the message and the stack, and they are user or patient data.
 */
export function serializeError(err: Error): ReturnType<typeof stdSerializers.err> {
  const out = stdSerializers.err(err);
  const { params } = err as Error & { params?: unknown };
  if (params === undefined) return out;
  const bound = `\nparams: ${String(params)}`;
  delete out.params;
  out.message = out.message.split(bound).join('');
  out.stack = out.stack.split(bound).join('');
  return out;
}

export function serverOptions(level: string, trustProxy: boolean): FastifyServerOptions {
  return {
    logger: level === 'silent' ? false : {
      level,
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: {
        // Only the path: query strings may carry names or other personal data.
        req: (req: { method: string; url: string; id: string }) => ({ method: req.method, path: req.url.split('?')[0], id: req.id }),
        err: serializeError,
      },
    },
    trustProxy,
    // One line per request (written by logRequests below) instead of Fastify's two. Through a
    // LogController: the top-level `disableRequestLogging` is deprecated (FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
    // A caller's request id is kept for correlation only when it looks like one.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Bodies are checked without type coercion, the other parts (all text) with it: server/http/validators.ts.
    schemaController: { compilersFactory: { buildValidator } },
    bodyLimit: 1_048_576,
  };
}

/** The one access-log line of a request: method, path (never the query), status, duration. */
export function logRequests(app: FastifyInstance): void {
  // A callback hook (no promise per call) that builds the line only when it is written.
  app.addHook('onResponse', (request, reply, done) => {
    if ((request.log as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled?.('info') !== false) {
      request.log.info({ method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });
}
