/**
 * An establishment's identity-document types (spec 001 §7, §8): listed by its professionals, changed by
 * its establishment admins and super admins (and back-office administrators). A label is unique in the
 * establishment whatever its case (NOT_UNIQUE_ERROR on body.label); a type documents use cannot be
 * deleted (409 identity_document_type_in_use).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { IdentityDocumentType } from '../../../schemas/person-identity.ts';
import { identityDocuments, identityDocumentTypes } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { restricted, unique } from '../../db/errors.ts';
import { IDENTITY_DOCUMENT_TYPE_LABEL } from '../../../schemas/person-identity.ts';
import type { CareContext } from '../context.ts';

/** A label is unique in the establishment whatever its case. */
const LABEL_UNIQUE = { identity_document_types_label_idx: 'body.label' } as const;

/** Who may change the types of an establishment. */
export const DOCUMENT_TYPE_EDITORS = ['ADMIN_ESTABLISHMENT', 'SUPER_ADMIN'] as const;

/** The label as stored: trimmed, and still 2 to 100 characters once trimmed (the schema counted the spaces). */
function labelOf(label: string): string {
  const trimmed = label.trim();
  if (trimmed.length < IDENTITY_DOCUMENT_TYPE_LABEL.min) throw badRequest('value_too_short', { min: IDENTITY_DOCUMENT_TYPE_LABEL.min }, 'body.label');
  return trimmed;
}

export function documentTypesRepository(care: CareContext) {
  const db = care.db;
  // Qualified by hand: a single-table select renders its own columns unqualified, which the subquery would read as its own.
  const inUse = sql<boolean>`exists (select 1 from ${identityDocuments} d where d.type_id = "identity_document_types"."id")`.mapWith(Boolean);
  const columns = { id: identityDocumentTypes.id, establishmentId: identityDocumentTypes.establishmentId, label: identityDocumentTypes.label, inUse };

  async function editable(establishmentId: string) {
    await care.establishment(establishmentId);
    if (!care.isAdmin) care.requirePrivilege(establishmentId, DOCUMENT_TYPE_EDITORS);
  }

  async function one(establishmentId: string, typeId: string): Promise<IdentityDocumentType> {
    const [row] = await db.select(columns).from(identityDocumentTypes)
      .where(and(eq(identityDocumentTypes.id, typeId), eq(identityDocumentTypes.establishmentId, establishmentId)));
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(establishmentId: string): Promise<IdentityDocumentType[]> {
      await care.establishment(establishmentId);
      return db.select(columns).from(identityDocumentTypes).where(eq(identityDocumentTypes.establishmentId, establishmentId))
        .orderBy(asc(sql`lower(${identityDocumentTypes.label})`), asc(identityDocumentTypes.id));
    },

    async create(establishmentId: string, label: string): Promise<IdentityDocumentType> {
      await editable(establishmentId);
      const [row] = await unique(LABEL_UNIQUE, () => db.insert(identityDocumentTypes).values({ establishmentId, label: labelOf(label), createdAt: care.now() }).returning());
      return one(establishmentId, row!.id);
    },

    async update(establishmentId: string, typeId: string, label: string): Promise<IdentityDocumentType> {
      await editable(establishmentId);
      await one(establishmentId, typeId);
      await unique(LABEL_UNIQUE, () => db.update(identityDocumentTypes).set({ label: labelOf(label) })
        .where(and(eq(identityDocumentTypes.id, typeId), eq(identityDocumentTypes.establishmentId, establishmentId))));
      return one(establishmentId, typeId);
    },

    async delete(establishmentId: string, typeId: string): Promise<void> {
      await editable(establishmentId);
      const type = await one(establishmentId, typeId);
      if (type.inUse) throw new AppError(409, 'identity_document_type_in_use', {}, 'params.typeId');
      // A document written since the check: the foreign key restricts, still in use.
      await restricted(() => new AppError(409, 'identity_document_type_in_use', {}, 'params.typeId'),
        () => db.delete(identityDocumentTypes).where(eq(identityDocumentTypes.id, typeId)));
    },
  };
}
