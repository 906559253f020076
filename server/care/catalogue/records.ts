/**
 * The pattern of an establishment's small reference catalogues (indicator types, units, alert
 * statuses, intervention levels, identity-document types; next: form types): listed, created,
 * changed and deleted the same way, from one definition each, read here. They answer their whole
 * list: an establishment has a handful of each (the demo: 2 types, 6 units, 5 statuses, 3 levels)
 * and the screens and pickers need them all at once, so paging would only add round trips.
 * Indicators, which grow, are a paged list of their own (indicators.ts).
 *
 * To add a kind (say form types):
 * 1. its table in server/db/schema.ts with `establishment_id` and a unique index per unique
 *    rule, and its migration;
 * 2. its contracts: one `recordRoutes({ collection, param, record, item, body, summaries })` in
 *    schemas/api/catalogue.ts (list and create under `/api/establishments/:id/<collection>`,
 *    update and delete at `/api/<collection>/:<param>`);
 * 3. its definition here, `catalogue/<kind>.ts` (~15 lines, copy types.ts):
 *    `export const formTypesOf = (care) => catalogueRecords<FormType, FormTypeBody>(care, {...})`
 *    — the columns answered (an `inUse` subquery if rows refuse its deletion), the order, each
 *    unique index → the body field said in 409 NOT_UNIQUE_ERROR, the stored values of a body
 *    (trimmed, 400 on the field: nameOf for a translated name), the in-use code and param;
 * 4. one line in catalogue/routes.ts: `catalogueRecordRoutes(app, formTypeRoutes, formTypesOf)`.
 * Access is the catalogue's (care.catalogue through scope.ts: read by the establishment's
 * professionals, written by its catalogue editors, 404 otherwise); a kind that needs more wraps
 * the returned methods (units.ts keeps the UCUM code of a unit in use).
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

/**
 * A kind's repository. `update` and `delete` take the record's own id; `establishmentId` is the one
 * an address names besides (`/api/establishments/:id/identity_document_types/:typeId`): a record of
 * another establishment is then not found there.
 */
export interface CatalogueRecords<Row, Body> {
  // Properties, not methods: their parameters are then checked strictly, so a repository whose
  // body is not its contracts' does not type-check in catalogueRecordRoutes.
  one: (id: string) => Promise<Row>;
  list: (establishmentId: string) => Promise<Row[]>;
  create: (establishmentId: string, body: Body) => Promise<Row>;
  update: (id: string, body: Body, establishmentId?: string) => Promise<Row>;
  delete: (id: string, establishmentId?: string) => Promise<void>;
}

export function catalogueRecords<Row extends { id: string; inUse?: boolean }, Body>(
  care: CareContext, d: RecordDefinition<Row, Body>,
): CatalogueRecords<Row, Body> {
  const db: Db = care.db;
  const select = (where: SQL) => db.select(d.columns as never).from(d.table as PgTable).where(where) as unknown as Promise<Row[]>;

  /** The record's establishment, for a write; 404 when an address names another one. */
  async function opened(id: string, establishmentId: string | undefined): Promise<string> {
    const own = await openRecord(care, d.table, id, 'write');
    if (establishmentId !== undefined && establishmentId !== own) throw notFound();
    return own;
  }

  async function one(id: string): Promise<Row> {
    const [row] = await select(eq(d.table.id, id));
    if (!row) throw notFound();
    return row;
  }

  return {
    one,
    async list(establishmentId) {
      await openEstablishment(care, establishmentId, 'read');
      return (db.select(d.columns as never).from(d.table as PgTable).where(eq(d.table.establishmentId, establishmentId))
        .orderBy(d.order, asc(d.table.id)) as unknown as Promise<Row[]>);
    },
    async create(establishmentId, body) {
      await openEstablishment(care, establishmentId, 'write');
      const values = d.values(body);
      const [row] = await unique(d.uniqueIndexes, () =>
        db.insert(d.table).values({ ...values, establishmentId, createdAt: care.now() } as never).returning({ id: d.table.id }) as Promise<{ id: string }[]>);
      return one(row!.id);
    },
    async update(id, body, establishmentId) {
      await opened(id, establishmentId);
      const values = d.values(body);
      await unique(d.uniqueIndexes, () => db.update(d.table).set(values as never).where(eq(d.table.id, id)));
      return one(id);
    },
    async delete(id, within) {
      const establishmentId = await opened(id, within);
      const inUse = () => new AppError(409, d.inUseCode!, {}, d.param);
      if (d.inUseCode && (await one(id)).inUse) throw inUse();
      await restricted(inUse, () => db.delete(d.table).where(and(eq(d.table.id, id), eq(d.table.establishmentId, establishmentId))));
    },
  };
}
