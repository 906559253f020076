/** Saved layout versions in the database: an establishment's (owner null) or a user's own. */
import { and, count, desc, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { layoutVersions, users } from '../../db/schema.ts';
import type { LayoutDocument } from '../../../schemas/layout.ts';
import { notFound } from '../../errors.ts';

export interface LayoutTarget { establishmentId: string; page: string; ownerId: string | null }
export interface Head extends LayoutTarget { version: number; document: unknown | null }

const ofTarget = (t: LayoutTarget): SQL => and(
  eq(layoutVersions.establishmentId, t.establishmentId),
  eq(layoutVersions.page, t.page),
  t.ownerId ? eq(layoutVersions.ownerId, t.ownerId) : isNull(layoutVersions.ownerId),
)!;

const key = (t: LayoutTarget) => `layout_versions|${t.establishmentId}|${t.page}|${t.ownerId ?? ''}`;

export function layoutVersionsRepository(db: Db) {
  /** Appends a version; a null document means "back to the provisioned layout". */
  async function append(target: LayoutTarget, document: LayoutDocument | null, authorId: string, message: string) {
    return db.transaction(async (tx) => {
      // Saves of the same layout take turns: otherwise two of them read the same last version and
      // the second insert breaks the unique index (a 500 on a double-click or two admins saving).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key(target)}, 0))`);
      const [last] = await tx.select({ v: max(layoutVersions.version) }).from(layoutVersions).where(ofTarget(target));
      const version = (last?.v ?? 0) + 1;
      await tx.insert(layoutVersions).values({ ...target, version, document, authorId, message });
      return version;
    });
  }

  return {
    append,

    /** The version in force of every edited layout, to serve them from memory. */
    heads: async (): Promise<Head[]> => {
      const t = layoutVersions;
      return db.selectDistinctOn([t.establishmentId, t.page, t.ownerId], {
        establishmentId: t.establishmentId, page: t.page, ownerId: t.ownerId, version: t.version, document: t.document,
      }).from(t).orderBy(t.establishmentId, t.page, t.ownerId, desc(t.version));
    },

    /** A cheap fingerprint of the table, so that a gateway notices edits made by another one. */
    fingerprint: async (): Promise<string> => {
      const [row] = await db.select({ n: count(), last: max(layoutVersions.createdAt) }).from(layoutVersions);
      return `${row?.n}:${row?.last?.getTime()}`;
    },

    list: (target: LayoutTarget) => db.select({
      version: layoutVersions.version,
      createdAt: layoutVersions.createdAt,
      message: layoutVersions.message,
      reset: sql<boolean>`${layoutVersions.document} is null`,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
    }).from(layoutVersions).innerJoin(users, eq(users.id, layoutVersions.authorId))
      .where(ofTarget(target)).orderBy(desc(layoutVersions.version)),

    async restore(target: LayoutTarget, version: number, authorId: string, message: string) {
      const [row] = await db.select({ document: layoutVersions.document }).from(layoutVersions)
        .where(and(ofTarget(target), eq(layoutVersions.version, version)));
      if (!row) throw notFound();
      return append(target, row.document as LayoutDocument | null, authorId, message);
    },
  };
}
