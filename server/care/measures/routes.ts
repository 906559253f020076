/**
 * POST /patient_files/:id/indicators/data (issue 11 §2): one value or a batch of up to 500, by
 * the patient, a caregiver (recorded on the patient's behalf) or a professional of the file.
 * Stored, evaluated and alerted in one transaction (recordMeasures). The professional's answer
 * carries the alerts raised; the patient's side is answered the stored values only.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { patientFiles } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { measureRoutes } from '../../../schemas/api/measures.ts';
import type { MeasureInputBody, MeasuresBody, MeasuresResult, PatientMeasuresResult } from '../../../schemas/measures.ts';
import type { CareContext } from '../context.ts';
import type { PatientFileHandle } from '../patient-file.ts';
import { recordMeasures, type MeasureInput, type RecordedMeasures } from './record.ts';

/** The body as inputs, each with its field: one value (body.x) or a batch (body.data.N.x); both at once is refused. */
function inputsOf(body: MeasuresBody, now: Date): MeasureInput[] {
  const { data, ...single } = body;
  const toInput = (input: Partial<MeasureInputBody>, field: string): MeasureInput => {
    if (input.indicatorId === undefined) throw badRequest('field_required', {}, `${field}.indicatorId`);
    // A missing value is said after the indicator is found (recordMeasures): ids first, as everywhere.
    return { indicatorId: input.indicatorId, value: input.value, unit: input.unit, measuredAt: input.measuredAt ? new Date(input.measuredAt) : now, field };
  };
  if (data === undefined) return [toInput(single, 'body')];
  const stray = Object.keys(single)[0];
  if (stray !== undefined) throw badRequest('validation_error', { field: `body.${stray}`, reason: 'one value or `data`, not both' }, `body.${stray}`);
  return data.map((input, index) => toInput(input, `body.data.${index}`));
}

/** The stored values, as both sides are answered. */
export function toStored(recorded: RecordedMeasures): PatientMeasuresResult {
  return {
    measures: recorded.measures.map((m) => ({
      id: m.id, indicatorId: m.indicatorId, value: m.value, unit: m.unit, enteredValue: m.enteredValue, enteredUnit: m.enteredUnit,
      measuredAt: m.measuredAt.toISOString(), recordedAt: m.recordedAt.toISOString(), source: m.source,
      ...(m.recordedBy ? { recordedBy: m.recordedBy } : {}), ...(m.onBehalfOf ? { onBehalfOf: m.onBehalfOf } : {}),
    })),
  };
}

/** A professional's answer: the values and the alerts they raised. */
export function toResult(recorded: RecordedMeasures): MeasuresResult {
  const batches = new Set(recorded.alerts.map((a) => a.batchId));
  const batchId = recorded.batch?.batchId ?? (batches.size === 1 ? [...batches][0] : undefined);
  return {
    ...toStored(recorded),
    alerts: recorded.alerts.map((a) => ({
      id: a.id, batchId: a.batchId, measureId: a.measureId, indicatorId: a.indicatorId, boundaryId: a.boundaryId,
      level: { id: a.levelId, rank: a.levelRank, colour: a.colour },
    })),
    ...(batchId ? { batchId } : {}),
  };
}

/** The care team decides what a patient is told: the patient and her caregivers are answered the stored values only. */
export async function recordFileMeasures(care: CareContext, file: PatientFileHandle, body: MeasuresBody): Promise<MeasuresResult | PatientMeasuresResult> {
  file.requireOpen();
  const now = care.now();
  const inputs = inputsOf(body, now);
  const recorded = await care.db.transaction(async (tx) => {
    // Read in the transaction that writes: a deactivation that committed first is seen.
    const [state] = await tx.select({ active: patientFiles.patientDataActive, status: patientFiles.status }).from(patientFiles).where(eq(patientFiles.id, file.id));
    if (state?.status !== 'OPEN') throw new AppError(409, 'patient_file_closed');
    if (!state.active) throw new AppError(409, 'patient_data_inactive');
    return recordMeasures(tx, file, inputs, { userId: care.userId, onBehalfOf: file.onBehalfOf, patientSide: file.as !== 'professional' }, { source: 'MANUAL', at: now });
  });
  return file.as === 'professional' ? toResult(recorded) : toStored(recorded);
}

export default async function measuresRoutes(app: FastifyInstance) {
  route(app, measureRoutes.record, async (request) =>
    recordFileMeasures(request.care, await request.care.patientFile(request.params.id), request.body));
}
