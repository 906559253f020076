/**
 * THE one way alerts come into being (threshold crossings, non-compliance): one batch per
 * occasion (a batch of measures, a questionnaire response, a job run for a file), its alerts, and
 * the live event — all in the caller's transaction. `pg_notify` inside a transaction is delivered
 * at commit, to every process LISTENing on the channel (server/care/alerts/live.ts fans it out to
 * the browsers), and never for a transaction rolled back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertBatches, alerts } from '../../db/schema.ts';
import { ALERTS_CHANNEL, type AlertKind, type AlertRaisedEvent } from '../../../schemas/telemonitoring.ts';

export interface AlertToRaise {
  kind: AlertKind;
  levelId?: string | null;
  indicatorId?: string | null;
  measureId?: string | null;
  boundaryId?: string | null;
  ruleId?: string | null;
  patientFileFormId?: string | null;
  occurrenceId?: string | null;
  /** What was crossed, as it was then (operator, threshold, measured value; or the period in days). */
  crossing: Record<string, unknown>;
}

export interface RaisedBatch { batchId: string; alertIds: string[] }

export async function raiseAlerts(
  tx: Db,
  file: { id: string; serviceId: string },
  occasion: { source: 'MEASURES' | 'FORM_RESPONSE' | 'NON_COMPLIANCE'; formResponseId?: string | null },
  toRaise: readonly AlertToRaise[],
  at: Date,
): Promise<RaisedBatch | undefined> {
  if (toRaise.length === 0) return undefined;
  const [batch] = await tx.insert(alertBatches)
    .values({ patientFileId: file.id, source: occasion.source, formResponseId: occasion.formResponseId ?? null, createdAt: at })
    .returning({ id: alertBatches.id }) as [{ id: string }];
  const rows = await tx.insert(alerts).values(toRaise.map((alert) => ({
    batchId: batch.id,
    patientFileId: file.id,
    serviceId: file.serviceId,
    kind: alert.kind,
    levelId: alert.levelId ?? null,
    indicatorId: alert.indicatorId ?? null,
    measureId: alert.measureId ?? null,
    boundaryId: alert.boundaryId ?? null,
    ruleId: alert.ruleId ?? null,
    patientFileFormId: alert.patientFileFormId ?? null,
    occurrenceId: alert.occurrenceId ?? null,
    crossing: alert.crossing,
    raisedAt: at,
  }))).returning({ id: alerts.id });
  const event: AlertRaisedEvent = {
    type: 'alert.raised',
    batchId: batch.id,
    patientFileId: file.id,
    serviceId: file.serviceId,
    alertIds: rows.map((row) => row.id),
    kinds: [...new Set(toRaise.map((alert) => alert.kind))],
  };
  // Ids only: no patient data travels on the channel (a NOTIFY payload must stay under 8000 bytes).
  if (rows.length > 100) event.alertIds = event.alertIds.slice(0, 100);
  await tx.execute(sql`select pg_notify(${ALERTS_CHANNEL}, ${JSON.stringify(event)})`);
  return { batchId: batch.id, alertIds: rows.map((row) => row.id) };
}
