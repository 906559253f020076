/** Establishments (structures) the caller may see, through the structure scope of their care context. */
import { asc, count, eq, inArray, or, and } from 'drizzle-orm';
import { establishments, services } from '../../db/schema.ts';
import type { Establishment, EstablishmentListQuery } from '../../../schemas/establishments.ts';
import type { Theme } from '../../../schemas/theme.ts';
import { resolveTheme, type ThemeSource } from '../../shared/themes.ts';
import { notFound } from '../../errors.ts';
import { defineSorts, orderOf } from '../../lists/sort.ts';
import { pageOfRows } from '../../lists/page.ts';
import type { CareContext } from '../context.ts';
import { patientSideStructureScope } from '../access.ts';

const SORTS = defineSorts({ name: [establishments.name], identifier: [establishments.identifier] }, establishments.id);

export function establishmentsRepository(care: CareContext) {
  const { db } = care;
  return {
    async list(query: Required<Pick<EstablishmentListQuery, 'page' | 'pageSize' | 'sort'>>) {
      const scope = care.structureScope;
      const { data: rows, totalItems } = await pageOfRows(query, {
        rows: (limit, offset) => db.select().from(establishments).where(scope).orderBy(...orderOf(SORTS, query.sort)).limit(limit).offset(offset),
        count: async () => (await db.select({ n: count() }).from(establishments).where(scope))[0]?.n ?? 0,
      });
      const serviceRows = rows.length
        ? await db.select({ id: services.id, name: services.name, establishmentId: services.establishmentId })
          .from(services).where(inArray(services.establishmentId, rows.map((r) => r.id))).orderBy(asc(services.name))
        : [];
      const data: Establishment[] = rows.map((r) => ({
        id: r.id,
        identifier: r.identifier,
        name: r.name,
        brand: r.brand,
        professionalDirectoryEnabled: r.professionalDirectoryEnabled,
        services: serviceRows.filter((s) => s.establishmentId === r.id).map(({ id, name }) => ({ id, name })),
      }));
      return { data, totalItems, page: query.page, pageSize: query.pageSize };
    },

    /** A structure's theme, also readable by the patients and caregivers of its files. */
    async theme(id: string, files: ThemeSource): Promise<Theme> {
      const structures = care.structureScope;
      const visible = structures ? or(structures, patientSideStructureScope(care.userId)) : undefined;
      const [row] = await db.select({ theme: establishments.theme, identifier: establishments.identifier, brand: establishments.brand })
        .from(establishments).where(and(eq(establishments.id, id), visible));
      if (!row) throw notFound();
      return resolveTheme(files, row);
    },
  };
}
