/** A patient file's questionnaires for its Questionnaires tab: status, planning in force, next occurrence, last answer, late count. */
import { and, asc, eq, isNotNull, max } from 'drizzle-orm';
import type { FormDefinition } from '../../../schemas/form.ts';
import type { FileForm } from '../../../schemas/form-api.ts';
import { formResponses, forms, formVersions, patientFileForms } from '../../db/schema.ts';
import type { CareContext } from '../context.ts';
import type { FileOccurrence } from '../patient-file.ts';
import { textIn } from './form-rows.ts';
import { isLate, type Planning } from './planning.ts';

export async function formsOfFile(care: CareContext, patientFileId: string): Promise<FileForm[]> {
  const { db, language } = care;
  const file = await care.patientFile(patientFileId);
  file.requireProfessional();
  const at = care.now();
  const rows = await db.select({ assignment: patientFileForms, form: forms, definition: formVersions.definition })
    .from(patientFileForms).innerJoin(forms, eq(forms.id, patientFileForms.formId))
    .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.currentVersion)))
    .where(file.where.assignments).orderBy(asc(patientFileForms.assignedAt), asc(forms.reference), asc(patientFileForms.id));
  const answered = await db.select({ formId: formResponses.formId, last: max(formResponses.answeredAt) }).from(formResponses)
    .where(and(file.where.responses, isNotNull(formResponses.answeredAt))).groupBy(formResponses.formId);
  const lastOf = new Map(answered.map((r) => [r.formId, r.last]));
  const occurrencesOf = new Map<string, FileOccurrence[]>();
  for (const o of await file.occurrences()) occurrencesOf.set(o.formId, [...(occurrencesOf.get(o.formId) ?? []), o]);
  return rows.map(({ assignment: a, form, definition }) => {
    const status = a.excludedAt ? 'excluded' : a.active ? 'active' : 'deactivated';
    const planned = status === 'active' ? occurrencesOf.get(form.id) ?? [] : [];
    const next = planned.find((o) => !o.answered && !o.lostAt && at < o.endAt);
    const overload = a.overload as Planning | null;
    return {
      id: a.id, formId: form.id, reference: form.reference, name: textIn((definition as FormDefinition).name, language),
      submissionType: form.submissionType, status, planning: overload ?? (definition as FormDefinition).planning ?? null,
      overloaded: overload !== null, nextOccurrenceAt: next?.startAt.toISOString() ?? null,
      lastAnsweredAt: lastOf.get(form.id)?.toISOString() ?? null, lateCount: planned.filter((o) => isLate(o, at)).length,
      assignedAt: a.assignedAt.toISOString(), excludedAt: a.excludedAt?.toISOString() ?? null,
    };
  });
}
