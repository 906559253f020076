/**
 * A value entered by mistake (issue 18). Nothing clinical is deleted: a measure is MARKED entered
 * in error (when, by whom, why), and from then on it leaves charts, last values, evaluations and
 * non-compliance counting (every reader of `measures` filters on counts.ts, tests/api/
 * measures-entered-in-error.test.ts lists them); lists show it struck through. Its pending
 * alerts close with the system status MEASURE_ENTERED_IN_ERROR, each with its history entry.
 *
 * - A professional of the file marks any value of an open file, with a reason (a text area, as a
 *   note). Marked once: a second mark is 409 measure_already_entered_in_error.
 * - The patient (or the caregiver who typed it) corrects a value she typed herself, within the
 *   establishment's delay (establishments.measure_correction_minutes): in one transaction the old
 *   value is marked (reason CORRECTED_REASON, replaced_by the new one) and the new one goes
 *   through recordMeasures, evaluated and alerted as any value.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { establishments, indicators, measures, patientFiles, units, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { CORRECTED_REASON, type EnteredInErrorBody, type EnteredInErrorResult, type MeasureCorrectionBody, type PatientMeasuresResult } from '../../../schemas/measures.ts';
import { noteTextError } from '../../../schemas/notes.ts';
import { closeWithSystemStatus, raisedBy } from '../alerts/close-with-system-status.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { counts } from './counts.ts';
import { recordMeasures } from './record.ts';
import { toStored } from './routes.ts';


/** The measure of this file, with what its history entry names; the patient's side does not find a value of an indicator hidden from patients. */
async function measureOf(care: CareContext, file: PatientFileHandle, measureId: string) {
  const [row] = await care.db.select({
    id: measures.id, indicatorId: measures.indicatorId, value: measures.value, measuredAt: measures.measuredAt, recordedAt: measures.recordedAt,
    recordedBy: measures.recordedBy, source: measures.source, enteredInErrorAt: measures.enteredInErrorAt,
    reference: indicators.reference, name: indicators.name, unit: units.symbol,
  }).from(measures)
    .innerJoin(indicators, eq(indicators.id, measures.indicatorId))
    .innerJoin(units, eq(units.id, indicators.unitId))
    .where(and(eq(measures.id, measureId), eq(measures.patientFileId, file.id), file.as === 'professional' ? undefined : eq(indicators.visibleToPatients, true)));
  if (!row) throw notFound();
  return row;
}
type Found = Awaited<ReturnType<typeof measureOf>>;

/** Marks it in the caller's transaction (409 when another mark won), closes its pending alerts; answers their ids. */
async function mark(tx: Db, care: CareContext, file: PatientFileHandle, measure: Found, reason: string, at: Date): Promise<string[]> {
  const marked = await tx.update(measures).set({ enteredInErrorAt: at, enteredInErrorBy: care.userId, enteredInErrorReason: reason })
    .where(and(eq(measures.id, measure.id), counts)).returning({ id: measures.id });
  if (marked.length === 0) throw new AppError(409, 'measure_already_entered_in_error');
  // Who marked it is in the measure's own history entry (MEASURE_ENTERED_IN_ERROR); the alerts' say why they closed.
  return closeWithSystemStatus(tx, file.id, raisedBy([measure.id]), 'ENTERED_IN_ERROR', at, { measureId: measure.id });
}

/** What a history entry says of the value (never the reason's text: the history is read by more people, as for alert comments). */
const about = (measure: Found) => ({
  measureId: measure.id, indicatorId: measure.indicatorId, reference: measure.reference, name: measure.name,
  value: measure.value, unit: measure.unit, measuredAt: measure.measuredAt.toISOString(),
});

async function enteredInErrorOf(care: CareContext, measureId: string): Promise<EnteredInErrorResult['enteredInError']> {
  const [row] = await care.db.select({
    at: measures.enteredInErrorAt, reason: measures.enteredInErrorReason, replacedBy: measures.replacedBy,
    by: { id: users.id, firstName: users.firstName, lastName: users.lastName },
  }).from(measures).leftJoin(users, eq(users.id, measures.enteredInErrorBy)).where(eq(measures.id, measureId));
  if (!row?.at) return null;
  return { at: row.at.toISOString(), by: row.by, reason: row.reason ?? '', replacedBy: row.replacedBy };
}

export async function markEnteredInError(care: CareContext, file: PatientFileHandle, measureId: string, body: EnteredInErrorBody): Promise<EnteredInErrorResult> {
  const measure = await measureOf(care, file, measureId);
  file.requireMarksEnteredInError();
  file.requireOpen();
  const error = noteTextError(body.reason);
  if (error) throw badRequest(error.code, error.params, 'body.reason');
  if (measure.enteredInErrorAt) throw new AppError(409, 'measure_already_entered_in_error');
  const at = care.now();
  const closedAlertIds = await care.db.transaction(async (tx) => {
    const closed = await mark(tx, care, file, measure, body.reason, at);
    await file.recordHistory(tx, 'MEASURE_ENTERED_IN_ERROR', { ...about(measure), closedAlerts: closed.length });
    return closed;
  });
  return { id: measure.id, enteredInError: await enteredInErrorOf(care, measure.id), closedAlertIds };
}

export async function correctMeasure(care: CareContext, file: PatientFileHandle, measureId: string, body: MeasureCorrectionBody): Promise<PatientMeasuresResult> {
  const measure = await measureOf(care, file, measureId);
  if (file.as === 'professional') throw new AppError(403, 'patients_only');
  file.requireOpen();
  // Her own typing only: not a professional's, a device's or a questionnaire's value.
  if (measure.source !== 'MANUAL' || measure.recordedBy !== care.userId) throw new AppError(403, 'measure_not_yours');
  if (measure.enteredInErrorAt) throw new AppError(409, 'measure_already_entered_in_error');
  const at = care.now();
  const [{ minutes } = { minutes: 0 }] = await care.db.select({ minutes: establishments.measureCorrectionMinutes }).from(establishments)
    .where(eq(establishments.id, file.establishmentId));
  if (at.getTime() - measure.recordedAt.getTime() > minutes * 60_000) throw new AppError(409, 'measure_correction_delay_passed', { minutes });
  const recorded = await care.db.transaction(async (tx) => {
    const [state] = await tx.select({ active: patientFiles.patientDataActive, status: patientFiles.status }).from(patientFiles).where(eq(patientFiles.id, file.id));
    if (state?.status !== 'OPEN') throw new AppError(409, 'patient_file_closed');
    if (!state.active) throw new AppError(409, 'patient_data_inactive');
    // The old value first: the new one may be the same value at the same time, and only values that count are unique.
    await mark(tx, care, file, measure, CORRECTED_REASON, at);
    const result = await recordMeasures(tx, file, [{
      indicatorId: measure.indicatorId, value: body.value, unit: body.unit, measuredAt: body.measuredAt ? new Date(body.measuredAt) : measure.measuredAt, field: 'body',
    }], { userId: care.userId, onBehalfOf: file.onBehalfOf, patientSide: true }, { source: 'MANUAL', at });
    const replacement = result.measures[0]!;
    await tx.update(measures).set({ replacedBy: replacement.id }).where(eq(measures.id, measure.id));
    await file.recordHistory(tx, 'MEASURE_CORRECTED', { ...about(measure), replacedBy: replacement.id, newValue: replacement.value }, { onBehalfOf: file.onBehalfOf });
    return result;
  });
  // The patient's answer: the stored values only, as for any value she sends (the care team decides what she is told).
  return toStored(recorded);
}
