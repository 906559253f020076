/**
 * Indicators of a file's establishment as charts and tables name them (name, unit symbol,
 * decimals), looked up by id or by reference in one query. An id of another establishment, or
 * none, is not found on its field (`body.indicatorIds.2`): the caller learns nothing of others.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { indicators, units } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { IndicatorLabel } from '../../../schemas/chart-displays.ts';
import type { LocalizedText } from '../../../schemas/localized-text.ts';

const columns = {
  id: indicators.id, reference: indicators.reference, name: indicators.name, unitSymbol: units.symbol, decimals: indicators.decimals,
};

const toLabel = (row: { id: string; reference: string; name: unknown; unitSymbol: string; decimals: number }): IndicatorLabel =>
  ({ ...row, name: row.name as LocalizedText });

/** Every indicator of the establishment, by French name. */
export async function establishmentIndicators(db: Db, establishmentId: string): Promise<IndicatorLabel[]> {
  const rows = await db.select(columns).from(indicators).innerJoin(units, eq(units.id, indicators.unitId))
    .where(eq(indicators.establishmentId, establishmentId)).orderBy(asc(sql`lower(${indicators.name} ->> 'fr')`));
  return rows.map(toLabel);
}

/**
 * The indicators named by `keys` (ids, or references with `by: 'reference'`), in the order given;
 * the first key not of the establishment is a 404 on `${field}.${index}`.
 */
export async function indicatorLabels(db: Db, establishmentId: string, keys: readonly string[], field: string, by: 'id' | 'reference' = 'id'): Promise<IndicatorLabel[]> {
  if (keys.length === 0) return [];
  const column = by === 'id' ? indicators.id : indicators.reference;
  const rows = await db.select(columns).from(indicators).innerJoin(units, eq(units.id, indicators.unitId))
    .where(and(eq(indicators.establishmentId, establishmentId), inArray(column, [...keys])));
  const found = new Map(rows.map((row) => [by === 'id' ? row.id : row.reference, toLabel(row)]));
  return keys.map((key, index) => {
    const label = found.get(key);
    if (!label) throw new AppError(404, 'not_found', {}, `${field}.${index}`);
    return label;
  });
}
