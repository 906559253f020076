/**
 * A questionnaire's versions, for the managers and super admins of its establishment who
 * validate it (spec 000 §2, surveys/:id/validation). Another establishment's form answers 404.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formRoutes } from '../../../schemas/api/forms.ts';
import { type FormVersionList } from '../../../schemas/form-api.ts';
import { forms, formVersions } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { route } from '../../http/route.ts';
import type { CareContext } from '../context.ts';

export async function formVersionsFor(care: CareContext, formId: string): Promise<FormVersionList> {
  const { db } = care;
  // Only forms of establishments where the caller validates questionnaires: another's is not found, as an unknown id.
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  if (!form) throw notFound();
  await care.formValidation(form.establishmentId);
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
  route(app, formRoutes.versions, async (request) => formVersionsFor(request.care, request.params.id));
}
