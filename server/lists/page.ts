/**
 * The list pattern of the server: a list declares its sorts (sort.ts) and reads a page here, from
 * a query or body validated by listProperties() (schemas/common.ts), which also gives the client
 * its page sizes and sorts; a bad page, pageSize or sort is a 400 with its field before this runs.
 *
 *   const SORTS = defineSorts({ name: [establishments.name] }, establishments.id);
 *   return pageOfRows(query, {
 *     rows: (limit, offset) => db.select().from(t).where(w).orderBy(...orderOf(SORTS, query.sort)).limit(limit).offset(offset),
 *     count: async () => (await db.select({ n: count() }).from(t).where(w))[0]?.n ?? 0,
 *   });
 *
 * A page of a list: `{ data, totalItems, page, pageSize }` (pageOf in schemas/common.ts), its
 * rows and its total read together. page ≤ INT32_MAX and pageSize ≤ 999 (schemas), so the offset
 * stays below 2^41: never near PostgreSQL's bigint limit nor past Number.MAX_SAFE_INTEGER.
 */
export interface PageRequest { page: number; pageSize: number }

import type { Page } from '../../schemas/common.ts';

export type { Page };

export interface PageLoaders<T> {
  /** The rows of the page, in the list's order. */
  rows(limit: number, offset: number): Promise<T[]>;
  /**
   * How many rows match, over every page; or, for a list that counts at most `limit` rows
   * (countLimit), how many it counted and whether it stopped there.
   */
  count(): Promise<number | { counted: number; more: boolean }>;
}

/**
 * Where a capped count stops: at least `floor` rows, and always past the page asked for (so the
 * pager still offers the next page while there is one). Counting 100k alerts exactly was most of the
 * alerts list's time (91 ms p95, issue 18); counting up to the cap reads at most that many index entries.
 */
export const countLimit = (floor: number, { page, pageSize }: PageRequest) => Math.max(floor, page * pageSize);

export async function pageOfRows<T>(request: PageRequest, load: PageLoaders<T>): Promise<Page<T>> {
  const { page, pageSize } = request;
  const [data, total] = await Promise.all([load.rows(pageSize, (page - 1) * pageSize), load.count()]);
  if (typeof total === 'number') return { data, totalItems: total, page, pageSize };
  return { data, totalItems: total.counted, ...(total.more ? { totalCapped: true as const } : {}), page, pageSize };
}
