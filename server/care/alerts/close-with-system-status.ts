/**
 * Alerts the system closes, not a person (issue 18): a non-compliance alert once values come again
 * (or its late questionnaire is answered), the alerts of a measure marked entered in error. In the
 * caller's transaction: each PENDING alert of the file that `which` selects is closed at `at` with
 * its system status (closedBy null: no one closed it), and one ALERT_CLOSED_AUTOMATICALLY history
 * entry per alert (no actor; payload: the alert, its batch, its kind, the system status). An alert
 * already closed is left as it is, so a person's close is never overwritten.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alerts, patientFileHistory } from '../../db/schema.ts';
import type { SystemAlertStatus } from '../../../schemas/telemonitoring.ts';

export async function closeWithSystemStatus(
  tx: Db, patientFileId: string, which: SQL, systemStatus: SystemAlertStatus, at: Date, payload: Record<string, unknown> = {},
): Promise<string[]> {
  const closed = await tx.update(alerts).set({ status: 'CLOSED', systemStatus, closedAt: at, closedBy: null, updatedAt: at, updatedBy: null })
    .where(and(eq(alerts.patientFileId, patientFileId), eq(alerts.status, 'PENDING'), which))
    .returning({ id: alerts.id, batchId: alerts.batchId, kind: alerts.kind });
  if (closed.length === 0) return [];
  await tx.insert(patientFileHistory).values(closed.map((alert) => ({
    patientFileId, type: 'ALERT_CLOSED_AUTOMATICALLY' as const, actorId: null, onBehalfOfId: null, occurredAt: at,
    payload: { ...payload, alertId: alert.id, batchId: alert.batchId, kind: alert.kind, systemStatus },
  })));
  return closed.map((alert) => alert.id);
}

/** Pending alerts raised by these measures. */
export const raisedBy = (measureIds: readonly string[]): SQL =>
  sql`${alerts.measureId} in (${sql.join(measureIds.map((id) => sql`${id}::uuid`), sql`, `)})`;
