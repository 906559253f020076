/**
 * The small catalogue tables (indicator types, units, alert statuses, intervention levels) are
 * listed, created, changed and deleted the same way: one definition each, read here. They answer
 * their whole list: an establishment has a handful of each (the demo: 2 types, 6 units, 5
 * statuses, 3 levels) and the screens and pickers need them all at once, so paging would only add
 * round trips. Indicators, which grow, are a paged list (indicators.ts).
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ErrorCode } from '../../../schemas/errors.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { restricted, unique, type UniqueIndexes } from '../../db/errors.ts';
import { openEstablishment, openRecord, type CatalogueTable } from './scope.ts';


export interface RecordDefinition<Row extends { id: string }, Body> {
  table: CatalogueTable;
  /** The answered columns (a select of the table alone: an `inUse` subquery names the table by hand). */
  columns: Record<string, unknown>;
  /** The list's order; the id ends it. */
  order: SQL;
  /** Unique index → the body field it is about. */
  uniqueIndexes: UniqueIndexes;
  /** The row's values from the body, checked (400 on the field). */
  values(body: Body): Record<string, unknown>;
  /** Refused delete when rows use it: `inUse` of the answered row, and the code said. */
  inUseCode?: ErrorCode;
  /** The path parameter naming the record (params.typeId…), where a refused delete is said. */
  param: string;
}

export function catalogueRecords<Row extends { id: string; inUse?: boolean }, Body>(care: CareContext, d: RecordDefinition<Row, Body>) {
  const db: Db = care.db;
  const select = (where: SQL) => db.select(d.columns as never).from(d.table as PgTable).where(where) as unknown as Promise<Row[]>;

  async function one(id: string): Promise<Row> {
    const [row] = await select(eq(d.table.id, id));
    if (!row) throw notFound();
    return row;
  }

  return {
    one,
    async list(establishmentId: string): Promise<Row[]> {
      await openEstablishment(care, establishmentId, 'read');
      return (db.select(d.columns as never).from(d.table as PgTable).where(eq(d.table.establishmentId, establishmentId))
        .orderBy(d.order, asc(d.table.id)) as unknown as Promise<Row[]>);
    },
    async create(establishmentId: string, body: Body): Promise<Row> {
      await openEstablishment(care, establishmentId, 'write');
      const values = d.values(body);
      const [row] = await unique(d.uniqueIndexes, () =>
        db.insert(d.table).values({ ...values, establishmentId, createdAt: care.now() } as never).returning({ id: d.table.id }) as Promise<{ id: string }[]>);
      return one(row!.id);
    },
    async update(id: string, body: Body): Promise<Row> {
      await openRecord(care, d.table, id, 'write');
      const values = d.values(body);
      await unique(d.uniqueIndexes, () => db.update(d.table).set(values as never).where(eq(d.table.id, id)));
      return one(id);
    },
    async delete(id: string): Promise<void> {
      const establishmentId = await openRecord(care, d.table, id, 'write');
      const inUse = () => new AppError(409, d.inUseCode!, {}, d.param);
      if (d.inUseCode && (await one(id)).inUse) throw inUse();
      await restricted(inUse, () => db.delete(d.table).where(and(eq(d.table.id, id), eq(d.table.establishmentId, establishmentId))));
    },
  };
}
