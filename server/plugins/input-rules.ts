/**
 * Rules every request's input obeys before any route sees it, so that a route added later gets
 * them without asking (issue 8, "Bad input"):
 * - JSON bodies nest at most MAX_JSON_DEPTH levels, checked on the bytes before any parser
 *   (answers 10,000 levels deep reached recursive code: validation, computed values, storage);
 * - no string of the body, query or params, nor any key of the body, holds U+0000 or a lone
 *   surrogate: PostgreSQL refuses NUL in `text` and `jsonb` (a 500), and a lone surrogate is
 *   silently replaced on its way to the database — changing what the user sent;
 * - no number of the body, query or params is infinite once the schemas coerced them;
 * - a multipart body names a usable boundary (RFC 2046: 1 to 70 characters), which busboy
 *   otherwise refuses with a plain Error from inside the route.
 */
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';

/** Node's own code for a connection its client closed, not an app code: nobody reads the answer. */
const CLIENT_WENT_AWAY = 'ECONNRESET';

export const MAX_JSON_DEPTH = 64;

/**
 * Follows a JSON text chunk by chunk and tells when it opens more than `max` arrays or objects
 * inside one another, without parsing it. It reads bytes: quotes, backslashes and brackets are
 * ASCII, never part of a multi-byte UTF-8 character.
 */
export function depthScanner(max: number): (chunk: Uint8Array) => boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    for (const c of chunk) {
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (++depth > max) return true;
      } else if (c === 0x7d || c === 0x5d) depth--;
    }
    return false;
  };
}

/**
 * A JSON body read whole (as Fastify's parser would, within the route's body limit) and checked
 * before anything reads it: the split-mode proxy hands the body stream upstream as it arrives,
 * so a limit found mid-stream would only abort the forwarded call (a 502). On a refusal the
 * stream is left paused, not destroyed: the rest of the body is then read and thrown away
 * after the answer (http/unread-body.ts), and the connection serves the next request.
 */
function checkedJsonBody(request: FastifyRequest, payload: Readable): Promise<Readable> {
  const tooDeep = depthScanner(MAX_JSON_DEPTH);
  const limit = request.routeOptions.bodyLimit ?? Infinity;
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    const stop = (error: Error) => {
      payload.off('data', onData).off('end', onEnd).off('error', stop).off('close', onClose).pause();
      reject(error);
    };
    // Closed before its end: the client went away (Fastify answers nobody then).
    const onClose = () => stop(Object.assign(new Error('request closed before its end'), { code: CLIENT_WENT_AWAY }));
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) stop(new AppError(413, 'payload_too_large'));
      else if (tooDeep(chunk)) stop(new AppError(400, 'json_too_deep', { max: MAX_JSON_DEPTH }, 'body'));
      else chunks.push(chunk);
    };
    const onEnd = () => {
      payload.off('data', onData).off('error', stop).off('close', onClose);
      // Fastify compares this with Content-Length, as it does for the request itself.
      resolve(Object.assign(Readable.from(chunks), { receivedEncodedLength: size }));
    };
    payload.on('data', onData).once('end', onEnd).once('error', stop).once('close', onClose);
  });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** U+0000, or (with the u flag, which reads pairs as one code point) a surrogate without its pair. */
const REFUSED = /\u0000|\p{Cs}/u;

/** A string PostgreSQL would refuse or alter: U+0000, or a surrogate without its pair. */
export function isRefusedString(value: string): boolean {
  return REFUSED.test(value);
}

/**
 * Data a client sent, parsed: an array or a plain object (JSON, a query string, path
 * parameters). Anything else is not walked: bytes (uploads) never reach a text column, and a
 * stream — the body the split-mode proxy passes upstream unparsed (a request of its own, whose
 * socket leads to the server and back) — would be walked through the whole process, path after
 * path, blocking every other request.
 */
function isParsedData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as object | null;
  // JSON's objects, and the null-prototype records of the query-string parser and the router
  // (`new Empty()`, whose prototype has none): never an instance of a class.
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** The field (`body.answers.q1`) of the first refused string or key in `value`, if any. */
export function refusedField(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isRefusedString(value) ? field : undefined;
  // Deeper than any body the JSON parser lets through: nothing a client sent.
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH + 1 || !isParsedData(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = refusedField(value[i], `${field}.${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isRefusedString(key)) return field;
    const found = refusedField(item, `${field}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The field of the first number that is not finite. ajv's coercion turns the query string
 * `Infinity` or `1e999` into a number that then passes `type: integer`, `minimum` and
 * `maximum` (ajv-validator/ajv#2212, fastify/fastify#6718, unfixed), and PostgreSQL refuses it.
 */
export function nonFiniteField(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : field;
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH + 1 || !isParsedData(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteField(item, `${field}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const MULTIPART = /^multipart\//i;
/** RFC 2046 §5.1.1: 1 to 70 characters, quoted or not. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

/** The request's inputs by field name; a GET without query nor parameters walks nothing. */
function firstField(request: FastifyRequest, find: (value: unknown, field: string) => string | undefined): string | undefined {
  return find(request.params, 'params') ?? find(request.query, 'query') ?? find(request.body, 'body');
}

function checkRequest(request: FastifyRequest) {
  const field = firstField(request, refusedField);
  if (field) throw badRequest('invalid_character', { field }, field);
  const type = request.headers['content-type'];
  if (type && MULTIPART.test(type) && !BOUNDARY.test(type)) throw badRequest('multipart_invalid', {}, 'body');
}

export default fp(async function inputRules(app: FastifyInstance) {
  // preParsing: on the raw bytes, whichever parser reads them next (scopes may bring their own).
  // Only a call with a JSON body needs a promise; the others go on at once.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const type = request.headers['content-type'];
    if (!type || !JSON_TYPE.test(type)) return done(null, payload);
    checkedJsonBody(request, payload).then((checked) => done(null, checked), (err: Error) => done(err));
  });
  // Callback hooks, not async ones: no promise and no extra turn of the microtask queue per call.
  // preValidation: after the body is parsed, before the schema (and any handler) reads it.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
  // preHandler: after the schemas coerced the query and params.
  app.addHook('preHandler', (request, _reply, done) => {
    const field = firstField(request, nonFiniteField);
    done(field ? badRequest('invalid_number', { field }, field) : undefined);
  });
}, { name: 'input-rules' });
