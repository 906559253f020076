/**
 * Answering a questionnaire, before the send: what may be answered under the spec's rules
 * (answerable, shared with submit.ts), the form to answer, and the start of a response.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FormDefinition } from '../../../schemas/form.ts';
import { formOccurrences, formResponses, patientFileForms } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { conflict, formVersion } from './form-rows.ts';

/** What is being answered, after the rules: open file, active assignment, occurrence in its window, not already sent. */
export async function answerable(care: CareContext, file: PatientFileHandle, formId: string, occurrenceId: string | undefined) {
  const { db } = care;
  // The ids first, each through its parent: the form through the file's assignments, the
  // occurrence through that assignment. Anything else (another file's, unknown) is not found,
  // whoever asks, before the rules about who may answer and when.
  const row = await file.assignmentOf(formId);
  if (!row) throw new AppError(404, 'not_found', {}, 'body.formId');
  let occurrence: typeof formOccurrences.$inferSelect | undefined;
  if (occurrenceId !== undefined) {
    // A free form has no occurrences: one sent with it belongs to something else.
    occurrence = await file.occurrence(occurrenceId, row.assignment.id);
    if (!occurrence) throw new AppError(404, 'not_found', {}, 'body.occurrenceId');
  }
  if (file.as === 'professional') throw new AppError(403, 'patients_only');
  // A closed (or awaiting) file takes no answer: read-only like any change to it (409 patient_file_closed).
  file.requireOpen();
  if (row.assignment.excludedAt) throw conflict('form_excluded');
  if (!row.assignment.active) throw conflict('form_deactivated');
  const v = await formVersion(db, formId, row.form.currentVersion);
  if (row.form.submissionType === 'PLANNED') {
    if (!occurrenceId || !occurrence) throw badRequest('occurrence_mismatch', {}, 'body.occurrenceId');
    const [answered] = await db.select({ id: formResponses.id }).from(formResponses)
      .where(and(eq(formResponses.occurrenceId, occurrenceId), isNotNull(formResponses.answeredAt)));
    if (answered) throw conflict('form_already_answered');
    const at = care.now();
    if (occurrence.lostAt || at > occurrence.limitAt) throw conflict('form_limit_date_passed');
    if (at < occurrence.startAt) throw conflict('form_not_yet_available');
  }
  // Questionnaires excluded from the file: their occurrences are out of the plan, never late.
  const excluded = await db.select({ formId: patientFileForms.formId }).from(patientFileForms).where(and(file.where.assignments, isNotNull(patientFileForms.excludedAt)));
  return {
    versionId: v.id, definition: v.definition as FormDefinition, occurrence, assignmentId: row.assignment.id, free: row.form.submissionType === 'FREE',
    excludedForms: new Set(excluded.map((e) => e.formId)),
  };
}

/** The current version of a form assigned to the file, to answer it. */
export async function definitionFor(care: CareContext, patientFileId: string, formId: string) {
  const file = await care.patientFile(patientFileId);
  const row = await file.assignmentOf(formId);
  if (!row) throw notFound();
  const v = await formVersion(care.db, formId, row.form.currentVersion);
  return { formId, version: v.version, definition: v.definition as Record<string, unknown> };
}

/** Records that the patient opened a form: its response becomes ongoing. */
export async function startResponse(care: CareContext, patientFileId: string, formId: string, occurrenceId: string | undefined) {
  const { db, userId } = care;
  const file = await care.patientFile(patientFileId);
  const target = await answerable(care, file, formId, occurrenceId);
  // form_responses_one_ongoing_idx keeps one ongoing response: of two starts at once, the second
  // insert does nothing and reads the first's.
  const [created] = await db.insert(formResponses).values({
    patientFileId, formId, formVersionId: target.versionId, occurrenceId: occurrenceId ?? null, startedAt: care.now(),
    endAt: target.occurrence?.endAt ?? null, limitAt: target.occurrence?.limitAt ?? null, answeredBy: userId,
  }).onConflictDoNothing().returning({ id: formResponses.id });
  if (created) return created.id;
  const [existing] = await db.select({ id: formResponses.id }).from(formResponses).where(and(
    file.where.responses, eq(formResponses.formId, formId), isNull(formResponses.answeredAt),
    occurrenceId ? eq(formResponses.occurrenceId, occurrenceId) : isNull(formResponses.occurrenceId), eq(formResponses.answeredBy, userId),
  ));
  // Sent between the conflict and this read: it is no longer ongoing.
  if (!existing) throw conflict('form_already_answered');
  return existing.id;
}
