/**
 * Idempotency keys past their 24 hours (server/care/idempotency/): removed with the answer they
 * kept. A key already expired is ignored by the calls anyway; this keeps the table small.
 */
import { lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

export async function purgeExpiredIdempotencyKeys(db: Db, now: () => Date): Promise<{ purged: number }> {
  const purged = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now())).returning({ key: idempotencyKeys.key });
  return { purged: purged.length };
}
