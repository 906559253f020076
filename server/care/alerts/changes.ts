/**
 * What a professional does to an alert (issue 11 §4, spec 000 §4): set one of the establishment's
 * alert statuses, add a comment to its thread (comments.ts: every comment kept), close it. Each change is one transaction with its history
 * entries on the file (ALERT_STATUS_SET, ALERT_COMMENTED, ALERT_CLOSED; payload: the alert, its
 * batch and the status — never the comment's text, the history is read by more people), and
 * stamps updated_at/by (closed_at/by when it closes). A status with `closesAlert` also closes the
 * alert. A closed alert changes no more (409 alert_already_closed), and a closed file's alerts
 * are read-only (409 patient_file_closed).
 */
import { and, eq } from 'drizzle-orm';
import { alertStatuses, alerts } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { AlertChangeBody, AlertWithComments } from '../../../schemas/alerts.ts';
import { noteTextError } from '../../../schemas/notes.ts';
import type { CareContext } from '../context.ts';
import { addAlertComment, withComments } from './comments.ts';
import { alertRows } from './list.ts';

/** The alert through its file (404 unless the caller may open it), for a change by a professional of an open file (who asks and the states are checked after the body's ids: an id of someone else is 404 whoever asks). */
async function alertForChange(care: CareContext, alertId: string) {
  const file = await care.patientFileOf('alert', alertId);
  const [alert] = await care.db.select().from(alerts).where(and(eq(alerts.id, alertId), eq(alerts.patientFileId, file.id)));
  if (!alert) throw notFound();
  return { file, alert };
}

/** The status given, one of the file's establishment (404 on its field otherwise). */
async function statusOf(care: CareContext, establishmentId: string, body: AlertChangeBody) {
  if (body.alertStatusId === undefined) return undefined;
  const [status] = await care.db.select({ id: alertStatuses.id, name: alertStatuses.name, closesAlert: alertStatuses.closesAlert }).from(alertStatuses)
    .where(and(eq(alertStatuses.id, body.alertStatusId), eq(alertStatuses.establishmentId, establishmentId)));
  if (!status) throw new AppError(404, 'not_found', {}, 'body.alertStatusId');
  return status;
}

async function change(care: CareContext, alertId: string, body: AlertChangeBody, close: boolean): Promise<AlertWithComments> {
  const { file, alert } = await alertForChange(care, alertId);
  if (!close && body.alertStatusId === undefined && body.comment === undefined) throw badRequest('field_required', {}, 'body.alertStatusId');
  const status = await statusOf(care, file.establishmentId, body);
  file.requireProfessional();
  file.requireOpen();
  if (alert.status === 'CLOSED') throw new AppError(409, 'alert_already_closed');
  if (body.comment !== undefined) {
    const error = noteTextError(body.comment);
    if (error) throw badRequest(error.code, error.params, 'body.comment');
  }
  const closes = close || status?.closesAlert === true;
  const now = care.now();
  await care.db.transaction(async (tx) => {
    // The alert's row first: of two changes at once, the later one sees the earlier one's status,
    // so a status set twice is recorded once (issue 19), and a close that won leaves nothing to change.
    const [current] = await tx.select({ status: alerts.status, alertStatusId: alerts.alertStatusId }).from(alerts).where(eq(alerts.id, alert.id)).for('update');
    if (current?.status !== 'PENDING') throw new AppError(409, 'alert_already_closed');
    const statusSet = status !== undefined && current.alertStatusId !== status.id;
    const changed = await tx.update(alerts).set({
      ...(status ? { alertStatusId: status.id } : {}),
      updatedAt: now, updatedBy: care.userId,
      ...(closes ? { status: 'CLOSED' as const, closedAt: now, closedBy: care.userId } : {}),
    }).where(and(eq(alerts.id, alert.id), eq(alerts.status, 'PENDING'))).returning({ id: alerts.id });
    if (changed.length === 0) throw new AppError(409, 'alert_already_closed');
    const about = { alertId: alert.id, batchId: alert.batchId, kind: alert.kind };
    if (status && statusSet) await file.recordHistory(tx, 'ALERT_STATUS_SET', { ...about, alertStatusId: status.id, alertStatusName: status.name });
    if (body.comment !== undefined) {
      await addAlertComment(tx, alert.id, body.comment, care.userId, now);
      await file.recordHistory(tx, 'ALERT_COMMENTED', about);
    }
    if (closes) await file.recordHistory(tx, 'ALERT_CLOSED', { ...about, ...(status ? { alertStatusId: status.id } : {}) });
  });
  const [row] = await withComments(care.db, await alertRows(care, eq(alerts.id, alert.id)));
  return row!;
}

export const changeAlert = (care: CareContext, alertId: string, body: AlertChangeBody) => change(care, alertId, body, false);
export const closeAlert = (care: CareContext, alertId: string, body: AlertChangeBody) => change(care, alertId, body, true);
