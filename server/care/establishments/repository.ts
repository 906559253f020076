/** Establishments (structures) the caller may see: where they hold privileges; all for back-office admins. */
import { asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { establishments, patientFiles, services } from '../../db/schema.ts';
import type { Identity } from '../../identity.ts';
import type { Establishment, EstablishmentListQuery } from '../../../schemas/establishments.ts';
import type { Theme } from '../../../schemas/theme.ts';
import type { ProvisionedFiles } from '../../ui/provisioned-files.ts';
import { resolveTheme } from '../../ui/themes.ts';
import { notFound } from '../../errors.ts';
import { grantedEstablishmentIds, hasRole, loadGrants, patientSideFileScope } from '../access.ts';

const SORTS = {
  name: [asc(establishments.name), asc(establishments.id)],
  '-name': [desc(establishments.name), asc(establishments.id)],
  identifier: [asc(establishments.identifier)],
  '-identifier': [desc(establishments.identifier)],
} as const;

export function establishmentsRepository(db: Db, identity: Identity) {
  const isAdmin = hasRole(identity.user.roles, 'ROLE_ADMIN');

  /** The structures of the professional side: undefined means every establishment (admins). */
  async function structureScope(): Promise<SQL | undefined> {
    if (isAdmin) return undefined;
    const ids = grantedEstablishmentIds(await loadGrants(db, identity.user.id));
    return ids.length ? inArray(establishments.id, ids) : sql`false`;
  }

  return {
    async list(query: Required<Pick<EstablishmentListQuery, 'page' | 'pageSize' | 'sort'>>) {
      const scope = await structureScope();
      const [rows, [total]] = await Promise.all([
        db.select().from(establishments).where(scope).orderBy(...SORTS[query.sort])
          .limit(query.pageSize).offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(establishments).where(scope),
      ]);
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
      return { data, totalItems: total?.n ?? 0 };
    },

    /** A structure's theme, also readable by the patients and caregivers of its files. */
    async theme(id: string, files: ProvisionedFiles): Promise<Theme> {
      const structures = await structureScope();
      const ofOwnFiles = sql`${establishments.id} in (select ${services.establishmentId} from ${patientFiles}
        join ${services} on ${services.id} = ${patientFiles.serviceId} where ${patientSideFileScope(identity.user.id)})`;
      const visible = structures ? or(structures, ofOwnFiles) : undefined;
      const [row] = await db.select({ theme: establishments.theme, identifier: establishments.identifier, brand: establishments.brand }).from(establishments)
        .where(visible ? sql`${eq(establishments.id, id)} and (${visible})` : eq(establishments.id, id));
      if (!row) throw notFound();
      return resolveTheme(files, row);
    },
  };
}
