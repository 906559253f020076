/**
 * Assigning a questionnaire to a patient file: the one way, used by the questionnaire route and
 * by a protocol's application (server/care/protocols/).
 */
import type { FormDefinition } from '../../../schemas/form.ts';
import type { Db } from '../../db/client.ts';
import { formOccurrences, forms, patientFileForms } from '../../db/schema.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { conflict, formOfEstablishment, formVersion } from './form-rows.ts';
import { occurrencesFrom, type Planning } from './planning.ts';
import { timeZoneOf } from './time-zone.ts';

/**
 * Assigns a questionnaire to a file in the caller's transaction: the assignment, its planned
 * occurrences (from `overload` when given, the file's own planning, else the definition's), and
 * the history entry FORM_ASSIGNED. Undefined when the file already has the questionnaire (its
 * assignment is left as it was).
 */
export async function assignForm(
  tx: Db, file: PatientFileHandle, { form, definition }: { form: typeof forms.$inferSelect; definition: FormDefinition },
  { at, userId, overload }: { at: Date; userId: string; overload?: Planning | null },
): Promise<typeof patientFileForms.$inferSelect | undefined> {
  const [assignment] = await tx.insert(patientFileForms)
    .values({ patientFileId: file.id, formId: form.id, assignedAt: at, assignedBy: userId, ...(overload ? { overload } : {}) })
    .onConflictDoNothing().returning();
  if (!assignment) return undefined;
  const planning = overload ?? definition.planning;
  if (form.submissionType === 'PLANNED' && planning) {
    await tx.insert(formOccurrences).values(occurrencesFrom(at, planning, await timeZoneOf(tx, file.establishmentId)).map((o) => ({ ...o, patientFileFormId: assignment.id })));
  }
  await file.recordHistory(tx, 'FORM_ASSIGNED', { formId: form.id, reference: form.reference, ...(overload ? { planning: overload } : {}) });
  return assignment;
}

/** A professional of the open file assigns the current version of a form of its establishment (409 when already assigned). */
export async function assign(care: CareContext, patientFileId: string, formId: string) {
  // Every id is resolved in the caller's scope before any other rule answers (404 first).
  const file = await care.patientFile(patientFileId);
  const form = await formOfEstablishment(care.db, formId, file.establishmentId);
  file.requireProfessional();
  file.requireOpen();
  const current = await formVersion(care.db, form.id, form.currentVersion);
  const at = care.now();
  return care.db.transaction(async (tx) => {
    const assignment = await assignForm(tx, file, { form, definition: current.definition as FormDefinition }, { at, userId: care.userId });
    if (!assignment) throw conflict('form_already_assigned');
    return assignment;
  });
}
