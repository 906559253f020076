/**
 * Questionnaires of patient files: assignment, tasks, answering under the spec's rules, and
 * responses. Every id is opened through the caller's care context (care.patientFile, whose
 * handle scopes every query to that file); every write to a patient file records its history
 * entry through the handle, in the same transaction.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, max, sql, type SQL } from 'drizzle-orm';
import {
  formOccurrences, formResponses, forms, formVersions, patientFileForms, users,
} from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { FormDefinition } from '../../../schemas/form.ts';
import type { FileForm, FormResponse, FormSummary, ResponseBody, Task } from '../../../schemas/form-api.ts';
import { computeAll } from '../../../schemas/computed.ts';
import type { Db } from '../../db/client.ts';
import type { CareContext } from '../context.ts';
import type { FileOccurrence, PatientFileHandle } from '../patient-file.ts';
import { checkAnswers, fileAnswerMissing } from './answers.ts';
import { attachFile, unattachedFile } from '../files/attachments.ts';
import { isLate, occurrenceStatus, occurrencesFrom, planningProblem, type Planning } from './planning.ts';
import { FREE_RESPONSES_PER_DAY } from './limits.ts';
import { timeZoneOf } from './time-zone.ts';
import { recordAnswerMeasures } from './indicator-mapping.ts';
import type { ErrorCode } from '../../../schemas/errors.ts';
import { textIn as localized } from '../../../schemas/localized-text.ts';
import { isUuid } from '../../../schemas/common.ts';

const DAY = 24 * 3_600_000;

/** A questionnaire's name in the call's language (the shared fallback); every definition has a name. */
const textIn = (text: FormDefinition['name'], language: string): string => localized(text, language) ?? '';

const conflict = (code: ErrorCode, params?: Record<string, string | number>) => new AppError(409, code, params);

/**
 * Assigns a questionnaire to a file in the caller's transaction: the assignment, its planned
 * occurrences (from `overload` when given, the file's own planning, else the definition's), and
 * the history entry FORM_ASSIGNED. Undefined when the file already has the questionnaire (its
 * assignment is left as it was). The questionnaire route and a protocol's application
 * (server/care/protocols/) both assign through it.
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

export function formsRepository(care: CareContext) {
  const { db, userId, language, now } = care;

  /** Another establishment's form is not found, like an unknown one: answering otherwise would tell that it exists. */
  async function formOfEstablishment(formId: string, establishmentId: string) {
    const [form] = await db.select().from(forms).where(and(eq(forms.id, formId), eq(forms.establishmentId, establishmentId)));
    if (!form) throw notFound();
    return form;
  }

  async function version(formId: string, v: number) {
    const [row] = await db.select().from(formVersions).where(and(eq(formVersions.formId, formId), eq(formVersions.version, v)));
    if (!row) throw notFound();
    return row;
  }

  return {
    /** The questionnaires of an establishment, for its professionals. */
    async listForEstablishment(establishmentId: string): Promise<FormSummary[]> {
      await care.establishment(establishmentId);
      const rows = await db.select({ form: forms, definition: formVersions.definition }).from(forms)
        .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, forms.currentVersion)))
        .where(eq(forms.establishmentId, establishmentId)).orderBy(asc(forms.name));
      return rows.map(({ form, definition }) => ({
        id: form.id, reference: form.reference, name: textIn((definition as FormDefinition).name, language),
        submissionType: form.submissionType, version: form.currentVersion,
      }));
    },

    async assign(patientFileId: string, formId: string) {
      // Every id is resolved in the caller's scope before any other rule answers (404 first).
      const file = await care.patientFile(patientFileId);
      const form = await formOfEstablishment(formId, file.establishmentId);
      file.requireProfessional();
      file.requireOpen();
      const current = await version(form.id, form.currentVersion);
      const at = now();
      return db.transaction(async (tx) => {
        const assignment = await assignForm(tx, file, { form, definition: current.definition as FormDefinition }, { at, userId });
        if (!assignment) throw conflict('form_already_assigned');
        return assignment;
      });
    },

    /** Activates, deactivates or overloads (new planning for this file) an assignment. */
    async update(assignmentId: string, change: { active?: boolean; planning?: Planning }) {
      const { file, assignment } = await assignmentToChange(assignmentId);
      if (change.planning) {
        const problem = planningProblem(change.planning);
        if (problem) throw badRequest('planning_window_too_long', problem.params, `body.planning.${problem.field}`);
      }
      const at = now();
      return db.transaction(async (tx) => {
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
    },

    /**
     * Excludes a questionnaire from the file (spec 001 §4): kept with its responses, but out of the
     * plan — no task offered, not answerable (409 form_excluded), never late — until restored.
     */
    async exclude(assignmentId: string) {
      const { file, assignment } = await assignmentToChange(assignmentId);
      if (assignment.excludedAt) throw conflict('form_already_excluded');
      const at = now();
      return db.transaction(async (tx) => {
        // `excluded_at is null` again: of two exclusions at once, the second changes nothing and says so.
        const [updated] = await tx.update(patientFileForms).set({ excludedAt: at, excludedBy: userId })
          .where(and(eq(patientFileForms.id, assignmentId), isNull(patientFileForms.excludedAt))).returning();
        if (!updated) throw conflict('form_already_excluded');
        await file.recordHistory(tx, 'FORM_EXCLUDED', { formId: assignment.formId });
        return updated;
      });
    },

    /**
     * Brings an excluded questionnaire back into the plan. Occurrences that opened before the
     * restore and were not answered are given up (lost at the restore: expired, never late, never
     * holding back a later answer): the patient is not asked to catch up what the exclusion took
     * out of the plan. Occurrences opening after the restore are offered as planned.
     */
    async restore(assignmentId: string) {
      const { file, assignment } = await assignmentToChange(assignmentId);
      if (!assignment.excludedAt) throw conflict('form_not_excluded');
      const at = now();
      return db.transaction(async (tx) => {
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
    },

    /** The file's questionnaires for its Questionnaires tab: status, planning in force, next occurrence, last answer, late count. */
    async ofFile(patientFileId: string): Promise<FileForm[]> {
      const file = await care.patientFile(patientFileId);
      file.requireProfessional();
      const at = now();
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
    },

    /** My Tasks: planned occurrences with their status and limit date, and free forms. */
    async tasks(patientFileId: string): Promise<Task[]> {
      const file = await care.patientFile(patientFileId);
      const at = now();
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
    },

    /** The current version of a form assigned to the file, to answer it. */
    async definitionFor(patientFileId: string, formId: string) {
      const file = await care.patientFile(patientFileId);
      const row = await file.assignmentOf(formId);
      if (!row) throw notFound();
      const v = await version(formId, row.form.currentVersion);
      return { formId, version: v.version, definition: v.definition as Record<string, unknown> };
    },

    /** Records that the patient opened a form: its response becomes ongoing. */
    async start(patientFileId: string, formId: string, occurrenceId: string | undefined) {
      const file = await care.patientFile(patientFileId);
      const target = await answerable(file, formId, occurrenceId);
      // form_responses_one_ongoing_idx keeps one ongoing response: of two starts at once, the second
      // insert does nothing and reads the first's.
      const [created] = await db.insert(formResponses).values({
        patientFileId, formId, formVersionId: target.versionId, occurrenceId: occurrenceId ?? null, startedAt: now(),
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
    },

    async submit(patientFileId: string, body: ResponseBody): Promise<string> {
      const file = await care.patientFile(patientFileId);
      const target = await answerable(file, body.formId, body.occurrenceId);
      const definition = target.definition;
      checkAnswers(target.versionId, definition, body.answers, language);
      const at = now();

      const earlierLate = target.occurrence
        ? (await file.occurrences()).filter((o) => o.active && !target.excludedForms.has(o.formId) && o.id !== target.occurrence!.id && o.startAt < target.occurrence!.startAt && isLate(o, at))
        : [];
      if (earlierLate.length && !body.skipEarlierLate) throw conflict('older_late_forms_pending', { count: earlierLate.length });

      const fileIds = await checkFiles(definition, body.answers as Record<string, unknown>);
      const computed = computeAll(definition.computed, body.answers as Record<string, unknown>);
      const { onBehalfOf } = file;

      return db.transaction(async (tx) => {
        if (target.free) {
          // Sends of one free questionnaire of this file queue on its assignment, so that two at
          // once cannot both pass the count below.
          await tx.select({ id: patientFileForms.id }).from(patientFileForms).where(eq(patientFileForms.id, target.assignmentId)).for('update');
          const [recent] = await tx.select({ n: count() }).from(formResponses).where(and(
            file.where.responses, eq(formResponses.formId, body.formId),
            gt(formResponses.answeredAt, new Date(at.getTime() - DAY)),
          ));
          if ((recent?.n ?? 0) >= FREE_RESPONSES_PER_DAY) throw new AppError(429, 'free_form_limit_reached', { max: FREE_RESPONSES_PER_DAY });
        }
        if (earlierLate.length) {
          await tx.update(formOccurrences).set({ lostAt: at }).where(inArray(formOccurrences.id, earlierLate.map((o) => o.id)));
        }
        const values = {
          formVersionId: target.versionId, answers: body.answers, computed, answeredAt: at, answeredBy: userId, onBehalfOf,
          endAt: target.occurrence?.endAt ?? null, limitAt: target.occurrence?.limitAt ?? null,
        };
        const [started] = await tx.select({ id: formResponses.id }).from(formResponses).where(and(
          file.where.responses, eq(formResponses.formId, body.formId), isNull(formResponses.answeredAt),
          body.occurrenceId ? eq(formResponses.occurrenceId, body.occurrenceId) : isNull(formResponses.occurrenceId), eq(formResponses.answeredBy, userId),
        )).limit(1);
        let responseId: string;
        try {
          // `answered_at is null` again in the update: a send that found the same ongoing response
          // waits for the first one's lock, then must not overwrite what it committed.
          const [written] = started
            ? await tx.update(formResponses).set(values).where(and(eq(formResponses.id, started.id), isNull(formResponses.answeredAt))).returning({ id: formResponses.id })
            : await tx.insert(formResponses).values({ patientFileId, formId: body.formId, occurrenceId: body.occurrenceId ?? null, ...values })
              .returning({ id: formResponses.id });
          if (!written) throw conflict('form_already_answered');
          responseId = written.id;
        } catch (error) {
          // Two sends of one occurrence at once: the unique index keeps one.
          if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') throw conflict('form_already_answered');
          throw error;
        }
        for (const { id, field } of fileIds) {
          // Still unattached once this transaction holds it: another answer sent at the same time may have taken it.
          if (!(await attachFile(tx, id, { kind: 'form_response', id: responseId, patientFileId: file.id }))) throw new AppError(404, 'not_found', {}, field);
        }
        await file.recordHistory(tx, 'FORM_RESPONSE', { formResponseId: responseId, formId: body.formId, lostOccurrences: earlierLate.length }, { onBehalfOf });
        // Answers mapped to indicators become measures, evaluated, their alerts one batch linked to the response.
        await recordAnswerMeasures(tx, file, definition, { answers: body.answers as Record<string, unknown>, computed }, { userId, onBehalfOf }, { id: responseId, answeredAt: at });
        return responseId;
      });
    },

    async listResponses(patientFileId: string): Promise<FormResponse[]> {
      const file = await care.patientFile(patientFileId);
      return responses(and(file.where.responses, isNotNull(formResponses.answeredAt))!, false);
    },

    /** One response, always with the version of the form it was answered in. */
    async getResponse(id: string): Promise<FormResponse> {
      const file = await care.patientFileOf('response', id);
      const [response] = await responses(and(file.where.responses, eq(formResponses.id, id))!, true);
      if (!response) throw notFound();
      return response;
    },
  };

  async function responses(where: SQL, withDefinition: boolean): Promise<FormResponse[]> {
    const rows = await db.select({ r: formResponses, v: formVersions, by: users })
      .from(formResponses).innerJoin(formVersions, eq(formVersions.id, formResponses.formVersionId))
      .leftJoin(users, eq(users.id, formResponses.answeredBy)).where(where).orderBy(desc(formResponses.answeredAt), desc(formResponses.createdAt));
    return rows.map(({ r, v, by }) => ({
      id: r.id, patientFileId: r.patientFileId, formId: r.formId, formName: textIn((v.definition as FormDefinition).name, language),
      version: v.version, occurrenceId: r.occurrenceId, answers: r.answers as Record<string, unknown> | null,
      computed: r.computed as Record<string, unknown> | null, createdAt: r.createdAt.toISOString(),
      startedAt: r.startedAt?.toISOString() ?? null, answeredAt: r.answeredAt?.toISOString() ?? null,
      endAt: r.endAt?.toISOString() ?? null, limitAt: r.limitAt?.toISOString() ?? null,
      answeredBy: by ? `${by.firstName} ${by.lastName}` : null, answeredByCaregiver: r.onBehalfOf !== null,
      ...(withDefinition ? { definition: v.definition as Record<string, unknown> } : {}),
    }));
  }

  /** What is being answered, after the rules: open file, active assignment, occurrence in its window, not already sent. */
  async function answerable(file: PatientFileHandle, formId: string, occurrenceId: string | undefined) {
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
    const v = await version(formId, row.form.currentVersion);
    if (row.form.submissionType === 'PLANNED') {
      if (!occurrenceId || !occurrence) throw badRequest('occurrence_mismatch', {}, 'body.occurrenceId');
      const [answered] = await db.select({ id: formResponses.id }).from(formResponses)
        .where(and(eq(formResponses.occurrenceId, occurrenceId), isNotNull(formResponses.answeredAt)));
      if (answered) throw conflict('form_already_answered');
      const at = now();
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

  /** An assignment of a file the caller may change: in scope (404), a professional of the file (403), the file open (409). */
  async function assignmentToChange(assignmentId: string) {
    const file = await care.patientFileOf('assignment', assignmentId);
    const [assignment] = await db.select().from(patientFileForms).where(and(file.where.assignments, eq(patientFileForms.id, assignmentId)));
    if (!assignment) throw notFound();
    file.requireProfessional();
    file.requireOpen();
    return { file, assignment };
  }

  /**
   * File answers must be files this user uploaded, not yet linked, of an accepted type read from
   * their bytes. Someone else's file, an unknown id, or a file already kept by a response (of this
   * patient file or another) is not found; the caller's own file not uploaded yet is missing.
   */
  async function checkFiles(definition: FormDefinition, answers: Record<string, unknown>): Promise<{ id: string; field: string }[]> {
    const ids: { id: string; field: string }[] = [];
    for (const question of definition.files ?? []) {
      const value = answers[question.field];
      if (value === undefined || value === null || value === '') continue;
      const field = `body.answers.${question.field}`;
      if (typeof value !== 'string' || !isUuid(value)) {
        throw fileAnswerMissing(definition, question.field, language);
      }
      const file = await unattachedFile(db, userId, value);
      if (!file) throw new AppError(404, 'not_found', {}, field);
      if (!file.uploadedAt) throw fileAnswerMissing(definition, question.field, language);
      if (!file.mimeType || !(question.accept as readonly string[]).includes(file.mimeType)) throw badRequest('file_type_refused', {}, field);
      if ((file.size ?? 0) > (question.maxSizeMb ?? 10) * 1_048_576) throw badRequest('file_too_large', {}, field);
      ids.push({ id: file.id, field });
    }
    return ids;
  }
}
