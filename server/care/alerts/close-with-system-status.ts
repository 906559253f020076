/**
 * Alerts the platform closes by itself, not a person (issue 18): their status CLOSED with a
 * system status saying why (schemas/alerts.ts ALERT_SYSTEM_STATUSES), closed_at the time, no
 * closed_by, and one ALERT_CLOSED history entry each, carrying the system status — in the
 * caller's transaction, only those still pending (a close that won the race is left as it is).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alerts, patientFileHistory } from '../../db/schema.ts';
import type { AlertSystemStatus } from '../../../schemas/alerts.ts';

export interface SystemClose {
  /** Which of the file's alerts: a condition on `alerts` rows. */
  which: SQL;
  systemStatus: AlertSystemStatus;
  at: Date;
  /** Whose action led to it (the professional who marked a value), null when nobody's (a job). */
  actorId: string | null;
  onBehalfOf?: string | null;
}

/** Closes the file's pending alerts `which` selects; answers their ids. */
export async function closeAlertsWithSystemStatus(tx: Db, fileId: string, close: SystemClose): Promise<string[]> {
  const closed = await tx.update(alerts).set({
    status: 'CLOSED', systemStatus: close.systemStatus, closedAt: close.at, closedBy: null, updatedAt: close.at, updatedBy: null,
  }).where(and(eq(alerts.patientFileId, fileId), eq(alerts.status, 'PENDING'), close.which))
    .returning({ id: alerts.id, batchId: alerts.batchId, kind: alerts.kind });
  if (closed.length > 0) {
    await tx.insert(patientFileHistory).values(closed.map((alert) => ({
      patientFileId: fileId, type: 'ALERT_CLOSED' as const, actorId: close.actorId, onBehalfOfId: close.onBehalfOf ?? null, occurredAt: close.at,
      payload: { alertId: alert.id, batchId: alert.batchId, kind: alert.kind, systemStatus: close.systemStatus },
    })));
  }
  return closed.map((alert) => alert.id);
}

/** Pending alerts raised by these measures. */
export const raisedBy = (measureIds: readonly string[]): SQL =>
  sql`${alerts.measureId} in (${sql.join(measureIds.map((id) => sql`${id}::uuid`), sql`, `)})`;
