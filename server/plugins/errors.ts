/**
 * The one error handler: AppError → its status and translated message; schema violations →
 * 400 naming the field, in the request's language; errors the framework or its plugins raise
 * (bad JSON, content types, multipart framing, bad URLs) → a stable app code of their own, also
 * translated; a unique violation or a deadlock no route mapped → 409 (server/db/errors.ts
 * concurrentWriteError); anything else → 500 "An error occurred", never the internals.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import localize from 'ajv-i18n';
import type { ErrorCode } from '../../schemas/errors.ts';
import { concurrentWriteError } from '../db/errors.ts';
import { AppError, type FieldError } from '../errors.ts';
import { translator, type Language } from '../i18n/index.ts';
import { canonicalPath } from '../../schemas/http.ts';

type AjvError = NonNullable<FastifyError['validation']>[number];

function fieldOf(error: AjvError, context: string | undefined): string {
  const base = (context ?? 'body').replace('querystring', 'query');
  const pointer = error.instancePath.split('/').filter(Boolean).join('.');
  const missing = (error.params as { missingProperty?: string; additionalProperty?: string });
  const leaf = missing.missingProperty ?? missing.additionalProperty;
  return [base, pointer, leaf].filter(Boolean).join('.');
}

const TYPE_NAMES = new Set(['integer', 'number', 'string', 'boolean', 'array', 'object']);

/**
 * Why a value was refused, in the request's language. A wrong type (an empty number field sends
 * null: bodies are never coerced) is said in words ("doit être un nombre entier"), not as
 * ajv-i18n's "doit être de type integer"; every other keyword keeps ajv-i18n's sentence.
 */
function reasonOf(error: AjvError, language: Language): string {
  if (error.keyword === 'type') {
    const named = String((error.params as { type?: unknown }).type ?? '').split(',').filter((type) => type !== 'null');
    if (named.length === 1 && TYPE_NAMES.has(named[0]!)) return translator(language)(`validation.type.${named[0]}`);
  }
  const copy = [{ ...error }] as Parameters<typeof localize.fr>[0];
  (localize[language] ?? localize.en)(copy);
  return copy?.[0]?.message ?? error.message ?? '';
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const t = translator(request.locale);
  const body: { code: string; message: string; field?: string; errors?: FieldError[] } = {
    code: error.code,
    // Every listed code has its message (tests/unit/error-codes.test.ts): no fallback to hide a missing one.
    message: t(`errors.${error.code}`, error.params),
  };
  if (error.field) body.field = error.field;
  if (error.errors?.length) body.errors = error.errors;
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors of Fastify and its plugins, by their code, as the app's own (status, code). Their own
 * texts are English and name internals; unknown ones fall back to `bad_request` or 500 below.
 */
const FRAMEWORK_ERRORS: Record<string, [number, ErrorCode]> = {
  FST_ERR_BAD_URL: [400, 'bad_url'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'empty_json_body'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_content_length'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  // @fastify/multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, 'multipart_invalid'],
  FST_PROTO_VIOLATION: [400, 'multipart_invalid'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'multipart_invalid'],
  FST_MP_PREMATURE_CLOSE: [400, 'multipart_invalid'],
  FST_PARTS_LIMIT: [413, 'payload_too_large'],
  FST_FIELDS_LIMIT: [413, 'payload_too_large'],
  FST_FILES_LIMIT: [413, 'payload_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'file_too_large'],
};

/**
 * busboy (under @fastify/multipart) raises plain Errors, with no code, for a body cut short
 * (`Unexpected end of multipart data`, `Part terminated early due to unexpected end of
 * multipart data`) or a boundary it cannot use (`Multipart: Boundary not found`). Their texts
 * are the only mark they carry.
 */
const MULTIPART_PARSE_ERROR = /unexpected end of multipart data|^Multipart: |^The needle cannot/i;

/** The app's error for an error that is not one: a known framework error, or undefined. */
function appErrorOf(error: FastifyError): AppError | undefined {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  if (!error.code && !error.statusCode && MULTIPART_PARSE_ERROR.test(error.message)) return new AppError(400, 'multipart_invalid');
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError(413, 'payload_too_large');
  if (status === 415) return new AppError(415, 'unsupported_media_type');
  // Other client errors of the framework: a stable code, never its English text.
  if (status >= 400 && status < 500) return new AppError(status, 'bad_request');
  return undefined;
}

/** Marks a raw request whose URL the router refused, with the error it raised. */
const ROUTER_ERROR = Symbol('router error');
type MarkedRequest = IncomingMessage & { [ROUTER_ERROR]?: FastifyError };

/**
 * Fastify's `frameworkErrors` option. A URL the router refuses (not decodable: FST_ERR_BAD_URL;
 * a parameter over maxParamLength: FST_ERR_MAX_PARAM_LENGTH) is answered by Fastify before any
 * hook runs: no security headers, no request id, no session header, English text. Here it is
 * routed again, to an address of the same area (/api, /ui, /auth or the rest) that no route
 * serves, keeping the query string: the request then goes through every hook of that area —
 * security headers, request id, language, the session layer on /api — and the preHandler
 * registered below answers the original error.
 */
export function frameworkErrors(app: () => FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw as MarkedRequest;
    const url = raw.url ?? '/';
    if (raw[ROUTER_ERROR] || !['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH'].includes(error.code)) {
      // Not a URL error (async constraints), or the rerouted address failed too: answer here.
      const { statusCode, code } = appErrorOf(error) ?? new AppError(500, 'internal_error');
      const t = translator(request.locale);
      return reply.code(statusCode).type('application/json; charset=utf-8')
        .header('x-request-id', request.id).send({ code, message: t(`errors.${code}`) });
    }
    raw[ROUTER_ERROR] = error;
    const query = url.indexOf('?');
    // The area as the routers would read it, however the address is spelled (%61pi, //api...).
    const area = /^\/(api|ui|auth)(\/|$)/.exec(canonicalPath(url))?.[1];
    raw.url = `${area ? `/${area}` : ''}/.unroutable${query >= 0 ? url.slice(query) : ''}`;
    app().routing(raw, reply.raw);
  };
}

/** Node's HTTP parser errors (before any request exists), as the app's errors. */
const CLIENT_ERRORS: Record<string, [number, ErrorCode]> = {
  HPE_HEADER_OVERFLOW: [431, 'header_fields_too_large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout'],
};

/**
 * Fastify's `clientErrorHandler` option: a request Node's parser refuses (headers over
 * maxHeaderSize, a malformed request line) never becomes a request, so no hook runs. The answer
 * is written on the socket here with the app's security headers, a request id, and
 * `{ code, message }` in the configured language (the request's own headers are not readable).
 */
export function clientErrors(app: () => FastifyInstance, language: Language) {
  return (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'bad_request'];
    const body = JSON.stringify({ code, message: translator(language)(`errors.${code}`) });
    const headers = {
      ...app().securityHeaders,
      'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)),
      'content-language': language, 'x-request-id': randomUUID(), connection: 'close',
    };
    app().log.debug({ err: error }, 'client error');
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}

export default fp(async function errors(app: FastifyInstance) {
  // After every onRequest hook (helmet, request id, language, session layer), before the handler.
  // A callback hook: no promise per call.
  app.addHook('preHandler', (request, _reply, done) => done((request.raw as MarkedRequest)[ROUTER_ERROR]));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (error.validation) {
      const first = error.validation[0]!;
      const field = fieldOf(first, error.validationContext);
      return sendError(request, reply, new AppError(400, 'validation_error', { field, reason: reasonOf(first, request.locale) }, field));
    }
    const known = appErrorOf(error);
    if (known) return sendError(request, reply, known);
    // A write the database refused because another ran at once, which the route did not map:
    // 409 with a stable code rather than 500, logged so that the route gets its own mapping.
    const refused = concurrentWriteError(error);
    if (refused) {
      request.log.warn({ err: error }, 'unmapped database refusal of a concurrent write');
      return sendError(request, reply, refused);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError(500, 'internal_error'));
  });
}, { name: 'errors', dependencies: ['locale'] });
