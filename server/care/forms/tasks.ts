/** My Tasks: a patient file's planned occurrences with their status and limit date, and its free forms. */
import { and, eq, isNull } from 'drizzle-orm';
import type { FormDefinition } from '../../../schemas/form.ts';
import type { Task } from '../../../schemas/form-api.ts';
import { forms, formVersions, patientFileForms } from '../../db/schema.ts';
import type { CareContext } from '../context.ts';
import { textIn } from './form-rows.ts';
import { occurrenceStatus } from './planning.ts';

export async function tasksOf(care: CareContext, patientFileId: string): Promise<Task[]> {
  const { db, language } = care;
  const file = await care.patientFile(patientFileId);
  const at = care.now();
  const assigned = await db.select({ assignment: patientFileForms, form: forms, definition: formVersions.definition })
    .from(patientFileForms).innerJoin(forms, eq(forms.id, patientFileForms.formId))
    .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.currentVersion)))
    .where(and(file.where.assignments, eq(patientFileForms.active, true), isNull(patientFileForms.excludedAt)));
  const byForm = new Map(assigned.map((a) => [a.form.id, a]));
  const tasks: Task[] = [];
  for (const a of assigned) {
    if (a.form.submissionType !== 'FREE') continue;
    tasks.push({ formId: a.form.id, reference: a.form.reference, name: textIn((a.definition as FormDefinition).name, language), submissionType: 'FREE', status: 'free', late: false });
  }
  for (const o of await file.occurrences()) {
    const a = byForm.get(o.formId);
    if (!a) continue;
    const { status, late } = occurrenceStatus(o, at);
    tasks.push({
      occurrenceId: o.id, formId: o.formId, reference: a.form.reference, name: textIn((a.definition as FormDefinition).name, language),
      submissionType: 'PLANNED', status, late, startAt: o.startAt.toISOString(), endAt: o.endAt.toISOString(), limitAt: o.limitAt.toISOString(),
    });
  }
  return tasks;
}
