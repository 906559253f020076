/**
 * A questionnaire's versions, for the managers and super admins of its establishment who
 * validate it (spec 000 §2, surveys/:id/validation). Another establishment's form answers 404.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorResponses, idParamsSchema, localeOnlyQuerySchema, type IdParams } from '../../../schemas/common.ts';
import { formVersionListSchema, type FormVersionList } from '../../../schemas/form-api.ts';
import type { Db } from '../../db/client.ts';
import { forms, formVersions } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import { holdsInStructure, loadGrants, type Privilege } from '../access.ts';

export const FORM_VALIDATION_PRIVILEGES: readonly Privilege[] = ['SUPER_ADMIN', 'MANAGER'];

export async function formVersionsFor(db: Db, identity: Identity, formId: string): Promise<FormVersionList> {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  if (!form) throw notFound();
  const grants = await loadGrants(db, identity.user.id);
  if (!holdsInStructure(grants, form.establishmentId, FORM_VALIDATION_PRIVILEGES)) throw notFound();
  const rows = await db.select().from(formVersions).where(eq(formVersions.formId, formId)).orderBy(desc(formVersions.version));
  return {
    reference: form.reference,
    submissionType: form.submissionType,
    data: rows.map((v) => ({
      formId, version: v.version, createdAt: v.createdAt.toISOString(), current: v.version === form.currentVersion,
      definition: v.definition as Record<string, unknown>,
    })),
  };
}

export default async function formVersionRoutes(app: FastifyInstance) {
  app.get<{ Params: IdParams }>('/forms/:id/versions', {
    schema: {
      tags: ['questionnaires'], summary: "A questionnaire's versions, newest first, for its establishment's managers and super admins",
      params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: formVersionListSchema, ...errorResponses },
    },
  }, async (request) => formVersionsFor(app.db, request.identity as Identity, request.params.id));
}
