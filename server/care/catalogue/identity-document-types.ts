/**
 * An establishment's identity-document types (spec 001 §7, §8): a label unique in the establishment
 * whatever its case (NOT_UNIQUE_ERROR on body.label); a type documents use is not deleted (409
 * identity_document_type_in_use). Read and written as the rest of the catalogue (records.ts).
 */
import { sql } from 'drizzle-orm';
import type { FromSchema } from 'json-schema-to-ts';
import { IDENTITY_DOCUMENT_TYPE_LABEL, type IdentityDocumentType, type identityDocumentTypeBodySchema } from '../../../schemas/person-identity.ts';
import { identityDocumentTypes } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { catalogueRecords } from './records.ts';
import { alphabetical } from './scope.ts';

/** The label as stored: trimmed, and still 2 to 100 characters once trimmed (the schema counted the spaces). */
function labelOf(label: string): string {
  const trimmed = label.trim();
  if (trimmed.length < IDENTITY_DOCUMENT_TYPE_LABEL.min) throw badRequest('value_too_short', { min: IDENTITY_DOCUMENT_TYPE_LABEL.min }, 'body.label');
  return trimmed;
}

export const identityDocumentTypesOf = (care: CareContext) =>
  catalogueRecords<IdentityDocumentType, FromSchema<typeof identityDocumentTypeBodySchema>>(care, {
    table: identityDocumentTypes,
    columns: {
      id: identityDocumentTypes.id, establishmentId: identityDocumentTypes.establishmentId, label: identityDocumentTypes.label,
      // Qualified by hand: a single-table select renders its own columns unqualified, which the subquery would read as its own.
      inUse: sql<boolean>`exists (select 1 from identity_documents d where d.type_id = "identity_document_types"."id")`.mapWith(Boolean),
    },
    order: alphabetical(identityDocumentTypes.label),
    uniqueIndexes: { identity_document_types_label_idx: 'body.label' },
    values: (body) => ({ label: labelOf(body.label) }),
    inUseCode: 'identity_document_type_in_use',
    param: 'params.typeId',
  });
