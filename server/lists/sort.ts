/**
 * A list's sorts: each sortable field names its columns, `-field` sorts them descending, and a
 * unique column always ends the order so that rows of equal keys keep one place and pages
 * neither repeat nor skip a row. The field names are those of the list's schema (sortValues).
 */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOf } from '../../schemas/common.ts';

export type SortColumns = readonly (AnyColumn | SQL | SQL.Aliased)[];

export interface SortMap<F extends string> {
  /** Columns of each sortable field, most significant first. */
  fields: Readonly<Record<F, SortColumns>>;
  /** A unique column (the id): the last key of every order, in the same direction so one index serves both. */
  tiebreaker: AnyColumn;
}

export function defineSorts<F extends string>(fields: Readonly<Record<F, SortColumns>>, tiebreaker: AnyColumn): SortMap<F> {
  return { fields, tiebreaker };
}

/** The ORDER BY of a sort value ('name', '-name'); the schema has refused unknown fields already. */
export function orderOf<F extends string>(sorts: SortMap<F>, sort: SortOf<F>): SQL[] {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as F;
  const columns = sorts.fields[field];
  if (!columns) throw new Error(`Unknown sort '${sort}': declare it in the list's schema and its sort map`);
  const direction = descending ? desc : asc;
  return [...columns.map((c) => direction(c as AnyColumn)), direction(sorts.tiebreaker)];
}
