/**
 * Changes to a questionnaire already assigned to a patient file: activate, deactivate, overload
 * (a planning of the file's own), exclude and restore. Each is a professional's change to an open
 * file, written with its history entry in one transaction.
 */
import { and, eq, isNotNull, isNull, lte, max, sql } from 'drizzle-orm';
import { formOccurrences, formResponses, patientFileForms } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { conflict } from './form-rows.ts';
import { occurrencesFrom, planningProblem, type Planning } from './planning.ts';
import { timeZoneOf } from './time-zone.ts';

/** An assignment of a file the caller may change: in scope (404), a professional of the file (403), the file open (409). */
async function assignmentToChange(care: CareContext, assignmentId: string) {
  const file = await care.patientFileOf('assignment', assignmentId);
  const [assignment] = await care.db.select().from(patientFileForms).where(and(file.where.assignments, eq(patientFileForms.id, assignmentId)));
  if (!assignment) throw notFound();
  file.requireProfessional();
  file.requireOpen();
  return { file, assignment };
}

/**
 * Activates, deactivates or overloads (new planning for this file) an assignment. The assignment's
 * row is locked first: of two changes at once, the later one sees the earlier one's state (an
 * activation twice is a 409, not two FORM_ACTIVATED entries) and its occurrences (two overloads
 * never both plan theirs beside the other's).
 */
export async function changeAssignment(care: CareContext, assignmentId: string, change: { active?: boolean; planning?: Planning }) {
  const { file, assignment } = await assignmentToChange(care, assignmentId);
  if (change.planning) {
    const problem = planningProblem(change.planning);
    if (problem) throw badRequest('planning_window_too_long', problem.params, `body.planning.${problem.field}`);
  }
  const at = care.now();
  return care.db.transaction(async (tx) => {
    const [current] = await tx.select({ active: patientFileForms.active }).from(patientFileForms).where(eq(patientFileForms.id, assignmentId)).for('update');
    if (!current) throw notFound();
    if (change.active === true && current.active) throw conflict('form_already_active');
    if (change.active === false && !current.active) throw conflict('form_already_inactive');
    const set = change.planning ? { overload: change.planning } : { active: change.active! };
    const [updated] = await tx.update(patientFileForms).set(set).where(eq(patientFileForms.id, assignmentId)).returning();
    if (change.planning) {
      // Future occurrences follow the new planning; those already open or answered stay, and
      // the new planning starts when the last of them ends, so that two never overlap.
      await tx.delete(formOccurrences).where(and(eq(formOccurrences.patientFileFormId, assignmentId), sql`${formOccurrences.startAt} > ${at}`));
      const [kept] = await tx.select({ end: max(formOccurrences.endAt) }).from(formOccurrences).where(eq(formOccurrences.patientFileFormId, assignmentId));
      const from = kept?.end && kept.end > at ? kept.end : at;
      await tx.insert(formOccurrences).values(occurrencesFrom(from, change.planning, await timeZoneOf(tx, file.establishmentId)).map((o) => ({ ...o, patientFileFormId: assignmentId })));
    }
    const type = change.planning ? 'FORM_OVERLOADED' : change.active ? 'FORM_ACTIVATED' : 'FORM_DEACTIVATED';
    await file.recordHistory(tx, type, { formId: assignment.formId, ...(change.planning ? { planning: change.planning } : {}) });
    return updated!;
  });
}

/**
 * Excludes a questionnaire from the file (spec 001 §4): kept with its responses, but out of the
 * plan — no task offered, not answerable (409 form_excluded), never late — until restored.
 */
export async function excludeAssignment(care: CareContext, assignmentId: string) {
  const { file, assignment } = await assignmentToChange(care, assignmentId);
  if (assignment.excludedAt) throw conflict('form_already_excluded');
  const at = care.now();
  return care.db.transaction(async (tx) => {
    // `excluded_at is null` again: of two exclusions at once, the second changes nothing and says so.
    const [updated] = await tx.update(patientFileForms).set({ excludedAt: at, excludedBy: care.userId })
      .where(and(eq(patientFileForms.id, assignmentId), isNull(patientFileForms.excludedAt))).returning();
    if (!updated) throw conflict('form_already_excluded');
    await file.recordHistory(tx, 'FORM_EXCLUDED', { formId: assignment.formId });
    return updated;
  });
}

/**
 * Brings an excluded questionnaire back into the plan. Occurrences that opened before the
 * restore and were not answered are given up (lost at the restore: expired, never late, never
 * holding back a later answer): the patient is not asked to catch up what the exclusion took
 * out of the plan. Occurrences opening after the restore are offered as planned.
 */
export async function restoreAssignment(care: CareContext, assignmentId: string) {
  const { file, assignment } = await assignmentToChange(care, assignmentId);
  if (!assignment.excludedAt) throw conflict('form_not_excluded');
  const at = care.now();
  return care.db.transaction(async (tx) => {
    const [updated] = await tx.update(patientFileForms).set({ excludedAt: null, excludedBy: null })
      .where(and(eq(patientFileForms.id, assignmentId), isNotNull(patientFileForms.excludedAt))).returning();
    if (!updated) throw conflict('form_not_excluded');
    const missed = await tx.update(formOccurrences).set({ lostAt: at }).where(and(
      eq(formOccurrences.patientFileFormId, assignmentId), isNull(formOccurrences.lostAt), lte(formOccurrences.startAt, at),
      sql`not exists (select 1 from ${formResponses} r where r.occurrence_id = ${formOccurrences.id} and r.answered_at is not null)`,
    )).returning({ id: formOccurrences.id });
    await file.recordHistory(tx, 'FORM_RESTORED', { formId: assignment.formId, excludedAt: assignment.excludedAt!.toISOString(), givenUpOccurrences: missed.length });
    return updated;
  });
}
