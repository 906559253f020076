/**
 * The Follow-up tab's routes (schemas/api/patient-file-status.ts): a file's status, close with a
 * reason, reopen, patient data on and off (spec 001 §3, §4, §7). Professionals of the file only;
 * each change records its history entry in the same transaction. The update itself says whether
 * the file was in the state the change starts from (`where status …`), so two professionals
 * closing at once get one close and one 409, never two history entries.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { patientFileStatusRoutes as contracts } from '../../../schemas/api/patient-file-status.ts';
import type { CloseBody, PatientFileStatus } from '../../../schemas/patient-file-status.ts';
import { patientFiles, users } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { route } from '../../http/route.ts';
import type { Db } from '../../db/client.ts';
import type { CareContext } from '../context.ts';

export default async function patientFileStatusRoutes(app: FastifyInstance) {
  route(app, contracts.get, async (request) => {
    const file = await request.care.patientFile(request.params.id);
    file.requireProfessional();
    return statusOf(request.care.db, file.id);
  });
  route(app, contracts.close, async (request) => close(request.care, request.params.id, request.body));
  route(app, contracts.reopen, async (request) => reopen(request.care, request.params.id));
  route(app, contracts.activatePatientData, async (request) => setPatientData(request.care, request.params.id, true));
  route(app, contracts.deactivatePatientData, async (request) => setPatientData(request.care, request.params.id, false));
}

export async function statusOf(db: Db, id: string): Promise<PatientFileStatus> {
  const [row] = await db.select({ file: patientFiles, closerFirst: users.firstName, closerLast: users.lastName })
    .from(patientFiles).leftJoin(users, eq(users.id, patientFiles.closedBy)).where(eq(patientFiles.id, id));
  if (!row) throw notFound();
  const { file } = row;
  return {
    id: file.id,
    status: file.status,
    startDate: file.startDate,
    endDate: file.endDate,
    closedAt: file.closedAt?.toISOString() ?? null,
    closedBy: file.closedBy ? { id: file.closedBy, name: `${row.closerFirst ?? ''} ${row.closerLast ?? ''}`.trim() } : null,
    closingReasonType: file.closingReasonType,
    closingReason: file.closingReason,
    patientDataActive: file.patientDataActive,
  };
}

async function close(care: CareContext, id: string, body: CloseBody): Promise<PatientFileStatus> {
  const file = await care.patientFile(id);
  file.requireProfessional();
  // Already closed: said before any rule of the reason (the update below still decides a race).
  if (file.status === 'CLOSED') throw new AppError(409, 'patient_file_closed');
  // A text area (spec 001 §5): 2–500 characters of something, required when the type is OTHER.
  if (body.closingReasonType === 'OTHER' && body.closingReason === undefined) throw badRequest('field_required', {}, 'body.closingReason');
  if (body.closingReason !== undefined && body.closingReason.trim().length < 2) throw badRequest('value_too_short', { min: 2 }, 'body.closingReason');
  const closingReason = body.closingReason ?? null;
  await care.db.transaction(async (tx) => {
    const closed = await tx.update(patientFiles)
      .set({ status: 'CLOSED', closedAt: care.now(), closedBy: care.userId, closingReasonType: body.closingReasonType, closingReason })
      .where(and(eq(patientFiles.id, file.id), ne(patientFiles.status, 'CLOSED'))).returning({ id: patientFiles.id });
    if (closed.length === 0) throw new AppError(409, 'patient_file_closed');
    await file.recordHistory(tx, 'FILE_CLOSED', { closingReasonType: body.closingReasonType, closingReason, previousStatus: file.status });
  });
  return statusOf(care.db, file.id);
}

async function reopen(care: CareContext, id: string): Promise<PatientFileStatus> {
  const file = await care.patientFile(id);
  file.requireProfessional();
  await care.db.transaction(async (tx) => {
    const [before] = await tx.select({ type: patientFiles.closingReasonType, reason: patientFiles.closingReason, closedAt: patientFiles.closedAt })
      .from(patientFiles).where(eq(patientFiles.id, file.id)).for('update');
    const reopened = await tx.update(patientFiles)
      .set({ status: 'OPEN', closedAt: null, closedBy: null, closingReasonType: null, closingReason: null })
      .where(and(eq(patientFiles.id, file.id), eq(patientFiles.status, 'CLOSED'))).returning({ id: patientFiles.id });
    if (reopened.length === 0) throw new AppError(409, 'patient_file_not_closed');
    // What the close said is cleared from the file: the history keeps it.
    await file.recordHistory(tx, 'FILE_REOPENED', { closedAt: before?.closedAt?.toISOString() ?? null, closingReasonType: before?.type ?? null, closingReason: before?.reason ?? null });
  });
  return statusOf(care.db, file.id);
}

async function setPatientData(care: CareContext, id: string, active: boolean): Promise<PatientFileStatus> {
  const file = await care.patientFile(id);
  file.requireProfessional();
  file.requireOpen();
  await care.db.transaction(async (tx) => {
    // Already in that state: nothing changes, nothing is recorded (the call is idempotent).
    const changed = await tx.update(patientFiles).set({ patientDataActive: active })
      .where(and(eq(patientFiles.id, file.id), eq(patientFiles.patientDataActive, !active))).returning({ id: patientFiles.id });
    if (changed.length > 0) await file.recordHistory(tx, active ? 'PATIENT_DATA_ACTIVATED' : 'PATIENT_DATA_DEACTIVATED', {});
  });
  return statusOf(care.db, file.id);
}
