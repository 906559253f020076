/**
 * `Idempotency-Key` on every POST of the care API (issue 18 "Retries"), but those whose contract
 * says `readOnly`: a phone that lost the answer, a device that resends, sends the same key again
 * and gets the first answer back, with nothing stored twice.
 *
 * How: the call runs in ONE transaction that also holds its key. The key row is claimed first
 * (primary key: caller, key), the handler runs on that transaction (the caller's care context is
 * bound to it: every repository reaches the database through `request.care.db`, and their own
 * transactions become savepoints), the answer is written into the row, and only then does the
 * transaction commit — before a byte of the answer leaves. So:
 * - a process killed before the commit stored nothing, key included: the retry runs the call;
 * - a process killed after the commit (while answering) left records and key together: the
 *   retry replays the answer (`Idempotent-Replayed: true`), never a second store;
 * - a second call with the key while the first runs waits for it at the claim (PostgreSQL: the
 *   primary key's row lock; PGlite: its single connection), then replays its answer; after
 *   LOCK_WAIT it is a 409 `idempotency_key_in_progress` instead;
 * - the same key with another method, route, record (path parameters) or body: 422 `idempotency_key_reused`;
 * - an error answer commits nothing and keeps no key: the call can be sent again, corrected or not.
 * Keys are per caller (another account's same key is its own) and honoured for
 * IDEMPOTENCY_KEY_TTL_MS; the job queue purges the expired ones (server/jobs/).
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db } from '../../db/client.ts';
import { databaseErrorOf } from '../../db/errors.ts';
import { inCallTransaction } from '../../db/call-transaction.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENT_REPLAYED_HEADER, idempotencyHeadersSchema,
} from '../../../schemas/idempotency.ts';
import { multipartBody, requestHash } from './fingerprint.ts';

/** How long a retry waits for the first call with its key (PostgreSQL's lock_timeout). */
const LOCK_WAIT = '15s';
/** PostgreSQL: lock_not_available, what lock_timeout raises. */
const LOCK_NOT_AVAILABLE = '55P03';

export interface IdempotencyOptions {
  /** Binds the caller's care context of this request to `db` (the call's transaction). */
  bind(request: FastifyRequest, db: Db): void;
}

/** Whether a route honours the header: every POST of the care API, but a read-only one. */
export const honoursIdempotencyKey = (route: { method: string | string[]; config?: { readOnly?: boolean } }) =>
  route.method === 'POST' && route.config?.readOnly !== true;

/** Wraps every route registered after it on `app` (and its children) that honours the header. */
export function idempotentPosts(app: FastifyInstance, options: IdempotencyOptions): void {
  app.addHook('onRoute', (route) => {
    if (!honoursIdempotencyKey(route)) return;
    // Declared in the route's schema: validated (400 on headers.idempotency-key) and published in /openapi.json.
    route.schema = { ...route.schema, headers: idempotencyHeadersSchema };
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function idempotent(request, reply) {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (typeof key !== 'string') return handler.call(this, request, reply);
      return once(app, options, request, reply, key, () => handler.call(this, request, reply));
    };
  });
}

async function once(app: FastifyInstance, options: IdempotencyOptions, request: FastifyRequest, reply: FastifyReply, key: string, run: () => unknown): Promise<unknown> {
  const care = request.care;
  const now = care.now();
  const route = request.routeOptions.url ?? request.url;
  // A multipart body is read by the handler, after the claim: its hash is known once it has passed.
  const multipart = request.isMultipart?.() === true ? multipartBody(request.raw, request.headers['content-type']) : undefined;
  const hashOf = async () => requestHash(request.method, route, request.params, multipart ? await multipart.digest() : request.body);
  const call = {
    callerId: care.userId, key, method: request.method, route,
    requestHash: multipart ? '' : await hashOf(),
  };
  try {
    return await app.db.transaction(async (tx) => {
      const mine = and(eq(idempotencyKeys.callerId, call.callerId), eq(idempotencyKeys.key, key));
      // An expired key is free again (the purge may not have come yet).
      await tx.delete(idempotencyKeys).where(and(mine, lte(idempotencyKeys.expiresAt, now)));
      await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`));
      const claimed = await tx.insert(idempotencyKeys)
        .values({ ...call, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS) })
        .onConflictDoNothing().returning({ key: idempotencyKeys.key });
      await tx.execute(sql`set local lock_timeout to default`);
      if (claimed.length === 0) {
        const [first] = await tx.select().from(idempotencyKeys).where(mine);
        if (!first || first.method !== call.method || first.route !== call.route || first.requestHash !== await hashOf()) {
          throw new AppError(422, 'idempotency_key_reused', {}, `headers.${IDEMPOTENCY_KEY_HEADER}`);
        }
        // Committed rows always hold their answer; this would be a row written outside this module.
        if (first.responseStatus === null) throw new AppError(409, 'idempotency_key_in_progress', {}, `headers.${IDEMPOTENCY_KEY_HEADER}`);
        reply.code(first.responseStatus).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        // No body (204): Fastify sends the empty answer.
        return first.responseBody === null ? undefined : JSON.parse(first.responseBody) as unknown;
      }
      options.bind(request, tx as unknown as Db);
      const result = await inCallTransaction(tx as unknown as Db, async () => run());
      const body = result === reply || result === undefined ? null : JSON.stringify(result);
      await tx.update(idempotencyKeys).set({ requestHash: await hashOf(), responseStatus: reply.statusCode, responseBody: body }).where(mine);
      return result;
    });
  } catch (error) {
    if (databaseErrorOf(error)?.code === LOCK_NOT_AVAILABLE) throw new AppError(409, 'idempotency_key_in_progress', {}, `headers.${IDEMPOTENCY_KEY_HEADER}`);
    throw error;
  }
}
