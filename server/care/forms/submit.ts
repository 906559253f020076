/**
 * Sending a questionnaire's answers (spec 001 §4): checked against the version answered, the
 * earlier late occurrences given up only when the patient agreed, the free forms' daily limit
 * held under concurrent sends, files attached, history written and answers mapped to measures,
 * in one transaction.
 */
import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { computeAll } from '../../../schemas/computed.ts';
import type { ResponseBody } from '../../../schemas/form-api.ts';
import { unique } from '../../db/errors.ts';
import { formOccurrences, formResponses, patientFileForms } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { attachFile } from '../files/attachments.ts';
import { checkFiles } from './answer-files.ts';
import { answerable } from './answering.ts';
import { checkAnswers } from './answers.ts';
import { conflict } from './form-rows.ts';
import { recordAnswerMeasures } from './indicator-mapping.ts';
import { FREE_RESPONSES_PER_DAY } from './limits.ts';
import { isLate } from './planning.ts';
import { closeAnsweredFormAlerts } from '../non-compliance/values-received.ts';

const DAY = 24 * 3_600_000;

/** Two sends of one occurrence at once: the occurrence's unique index keeps one, the other is told it was answered. */
const ONE_ANSWER_PER_OCCURRENCE = { form_responses_occurrence_idx: () => conflict('form_already_answered') } as const;

export async function submitResponse(care: CareContext, patientFileId: string, body: ResponseBody): Promise<string> {
  const { db, userId, language } = care;
  const file = await care.patientFile(patientFileId);
  const target = await answerable(care, file, body.formId, body.occurrenceId);
  const definition = target.definition;
  checkAnswers(target.versionId, definition, body.answers, language);
  const at = care.now();

  const earlierLate = target.occurrence
    ? (await file.occurrences()).filter((o) => o.active && !target.excludedForms.has(o.formId) && o.id !== target.occurrence!.id && o.startAt < target.occurrence!.startAt && isLate(o, at))
    : [];
  if (earlierLate.length && !body.skipEarlierLate) throw conflict('older_late_forms_pending', { count: earlierLate.length });

  const fileIds = await checkFiles(care, definition, body.answers as Record<string, unknown>);
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
    // `answered_at is null` again in the update: a send that found the same ongoing response
    // waits for the first one's lock, then must not overwrite what it committed.
    const [written] = await unique(ONE_ANSWER_PER_OCCURRENCE, () => (started
      ? tx.update(formResponses).set(values).where(and(eq(formResponses.id, started.id), isNull(formResponses.answeredAt))).returning({ id: formResponses.id })
      : tx.insert(formResponses).values({ patientFileId, formId: body.formId, occurrenceId: body.occurrenceId ?? null, ...values })
        .returning({ id: formResponses.id })));
    if (!written) throw conflict('form_already_answered');
    const responseId = written.id;
    for (const { id, field } of fileIds) {
      // Still unattached once this transaction holds it: another answer sent at the same time may have taken it.
      if (!(await attachFile(tx, id, { kind: 'form_response', id: responseId, patientFileId: file.id }))) throw new AppError(404, 'not_found', {}, field);
    }
    await file.recordHistory(tx, 'FORM_RESPONSE', { formResponseId: responseId, formId: body.formId, lostOccurrences: earlierLate.length }, { onBehalfOf });
    await closeAnsweredFormAlerts(tx, file.id, target.assignmentId, responseId, at);
    // Answers mapped to indicators become measures, evaluated, their alerts one batch linked to the response.
    await recordAnswerMeasures(tx, file, definition, { answers: body.answers as Record<string, unknown>, computed }, { userId, onBehalfOf }, { id: responseId, answeredAt: at });
    return responseId;
  });
}
