/**
 * What every part of the catalogue shares: who may read and change an establishment's catalogue
 * (the predicate is care/access.ts's canManageCatalogue), opening a record by its id through its
 * establishment, names as stored, and uniqueness read from the unique indexes.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CatalogueName } from '../../../schemas/catalogue.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { canManageCatalogue } from '../access.ts';
import type { CareContext } from '../context.ts';

export type Access = 'read' | 'write';
/** A catalogue table: its rows have an id and an establishment. */
export type CatalogueTable = PgTable & { id: PgColumn; establishmentId: PgColumn };

/** The establishment in the caller's scope (404 otherwise), and for a write one they manage (404 too: no oracle). */
export async function openEstablishment(care: CareContext, establishmentId: string, access: Access): Promise<void> {
  await care.establishment(establishmentId);
  if (access === 'write' && !canManageCatalogue(care.roles, care.grants, establishmentId)) throw notFound();
}

/** The establishment of a catalogue record, opened as above; 404 for an unknown id or one out of scope. */
export async function openRecord(
  care: CareContext, table: CatalogueTable, id: string, access: Access,
): Promise<string> {
  const [row] = await care.db.select({ establishmentId: table.establishmentId }).from(table as PgTable).where(eq(table.id, id));
  if (!row) throw notFound();
  const establishmentId = row.establishmentId as string;
  await openEstablishment(care, establishmentId, access);
  return establishmentId;
}

/** A name as stored: each text trimmed, empty translations left out, the French one required. */
export function nameOf(name: CatalogueName, field = 'body.name'): CatalogueName {
  const fr = name.fr.trim();
  if (!fr) throw badRequest('field_required', {}, `${field}.fr`);
  const out: CatalogueName = { fr };
  for (const language of ['en', 'ar'] as const) {
    const text = name[language]?.trim();
    if (text) out[language] = text;
  }
  return out;
}

/** The PostgreSQL error of a failed query (code and constraint), wherever drizzle and the driver put it. */
function pgError(error: unknown): { code?: string; constraint?: string } {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
  }
  return {};
}

/**
 * Runs a write; a unique violation of one of `indexes` (index name → field) answers 409
 * NOT_UNIQUE_ERROR on that field. The index decides, not a select before the insert: two
 * concurrent creations cannot both pass.
 */
export async function unique<T>(indexes: Record<string, string>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = pgError(error);
    if (code === '23505' && constraint && constraint in indexes) throw new AppError(409, 'NOT_UNIQUE_ERROR', {}, indexes[constraint]);
    throw error;
  }
}

/** A delete the foreign keys refuse (a record written since the in-use check): still in use. */
export async function restricted<T>(inUse: () => AppError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgError(error).code === '23503') throw inUse();
    throw error;
  }
}
