/**
 * What every part of the catalogue shares: who may read and change an establishment's catalogue
 * (the care context's handle care.catalogue, which asks care/access.ts's policies.catalogue),
 * opening a record by its id through its establishment, and names as stored. Uniqueness and
 * deletes refused by a foreign key are read from the database's errors by server/db/errors.ts.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CatalogueName } from '../../../schemas/catalogue.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { CareContext } from '../context.ts';

export type Access = 'read' | 'write';
/** A catalogue table: its rows have an id and an establishment. */
export type CatalogueTable = PgTable & { id: PgColumn; establishmentId: PgColumn };

/** The establishment in the caller's scope (404 otherwise), and for a write one they manage (404 too: no oracle). */
export async function openEstablishment(care: CareContext, establishmentId: string, access: Access): Promise<void> {
  await care.catalogue(establishmentId, access);
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

/**
 * The order of names as a French reader expects it: case and accents aside ("Évaluation" before
 * "Satisfaction"), whatever the database's collation (PGlite's C collation put every accented
 * capital after Z). `text` is the stored text: a label, or `name ->> 'fr'` (frenchName).
 */
export const alphabetical = (text: SQL | PgColumn): SQL => sql`lower(immutable_unaccent(${text}))`;
/** A translated name's French text, in alphabetical order. */
export const byFrenchName = (name: PgColumn): SQL => alphabetical(sql`${name} ->> 'fr'`);

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
