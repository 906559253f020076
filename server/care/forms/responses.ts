/** A patient file's questionnaire responses, read back: the list, and one with the version it was answered in. */
import { and, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { FormDefinition } from '../../../schemas/form.ts';
import type { FormResponse } from '../../../schemas/form-api.ts';
import { formResponses, formVersions, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { textIn } from './form-rows.ts';

async function responses(care: CareContext, where: SQL, withDefinition: boolean): Promise<FormResponse[]> {
  const rows = await care.db.select({ r: formResponses, v: formVersions, by: users })
    .from(formResponses).innerJoin(formVersions, eq(formVersions.id, formResponses.formVersionId))
    .leftJoin(users, eq(users.id, formResponses.answeredBy)).where(where).orderBy(desc(formResponses.answeredAt), desc(formResponses.createdAt));
  return rows.map(({ r, v, by }) => ({
    id: r.id, patientFileId: r.patientFileId, formId: r.formId, formName: textIn((v.definition as FormDefinition).name, care.language),
    version: v.version, occurrenceId: r.occurrenceId, answers: r.answers as Record<string, unknown> | null,
    computed: r.computed as Record<string, unknown> | null, createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null, answeredAt: r.answeredAt?.toISOString() ?? null,
    endAt: r.endAt?.toISOString() ?? null, limitAt: r.limitAt?.toISOString() ?? null,
    answeredBy: by ? `${by.firstName} ${by.lastName}` : null, answeredByCaregiver: r.onBehalfOf !== null,
    ...(withDefinition ? { definition: v.definition as Record<string, unknown> } : {}),
  }));
}

/** The file's sent responses, newest first. */
export async function responsesOfFile(care: CareContext, patientFileId: string): Promise<FormResponse[]> {
  const file = await care.patientFile(patientFileId);
  return responses(care, and(file.where.responses, isNotNull(formResponses.answeredAt))!, false);
}

/** One response, always with the version of the form it was answered in. */
export async function responseById(care: CareContext, id: string): Promise<FormResponse> {
  const file = await care.patientFileOf('response', id);
  const [response] = await responses(care, and(file.where.responses, eq(formResponses.id, id))!, true);
  if (!response) throw notFound();
  return response;
}
