/**
 * A series downsampled in SQL (issue 18: five years of four values a day, 7,300 values, must paint
 * in ≤ 150 ms): the database numbers the values in time order, cuts them into equal-count buckets
 * and answers only each bucket's lowest and highest value, so at most `maxPoints` rows reach the
 * server, never the whole period.
 *
 * The contract is downsampleMinMax's (downsample.ts, where the reasons are): ⌊maxPoints/2⌋ buckets
 * of ⌈n/buckets⌉ values, oldest first; in each, the first lowest and the first highest value (one
 * point when they are the same), in time order; a series of at most maxPoints values is answered
 * whole. tests/api/monitoring.test.ts checks it gives the same points as downsampleMinMax on the
 * same rows, on PGlite and PostgreSQL. Ties in time are ordered by id, as the unsampled read was.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { measures } from '../../db/schema.ts';

export interface SeriesPoints { points: { at: Date; value: number }[]; total: number }

/** The measures matching `where` (one file's indicator over a period), downsampled to at most maxPoints. */
export async function seriesPoints(db: Db, where: SQL, maxPoints: number): Promise<SeriesPoints> {
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const numbered = db.select({
    at: measures.measuredAt,
    value: measures.value,
    i: sql<number>`row_number() over (order by ${measures.measuredAt}, ${measures.id}) - 1`.as('i'),
    n: sql<number>`count(*) over ()`.as('n'),
  }).from(measures).where(where).as('numbered');
  // Each value's bucket: itself while the series fits, else i / ⌈n / buckets⌉ (bigint division).
  const bucket = sql`case when ${numbered.n} <= ${maxPoints}::bigint then ${numbered.i}
    else ${numbered.i} / ((${numbered.n} + ${buckets}::bigint - 1) / ${buckets}::bigint) end`;
  const ranked = db.select({
    at: numbered.at,
    value: numbered.value,
    i: numbered.i,
    n: numbered.n,
    low: sql<number>`row_number() over (partition by ${bucket} order by ${numbered.value}, ${numbered.i})`.as('low'),
    high: sql<number>`row_number() over (partition by ${bucket} order by ${numbered.value} desc, ${numbered.i})`.as('high'),
  }).from(numbered).as('ranked');
  const rows = await db.select({ at: ranked.at, value: ranked.value, n: sql`${ranked.n}`.mapWith(Number) }).from(ranked)
    .where(sql`${ranked.low} = 1 or ${ranked.high} = 1`).orderBy(ranked.i);
  return { points: rows.map(({ at, value }) => ({ at, value })), total: rows[0]?.n ?? 0 };
}
