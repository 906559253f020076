/**
 * THE one way alerts come into being (threshold crossings, non-compliance): one batch per
 * occasion (a batch of measures, a questionnaire response, a job run for a file), its alerts, and
 * the live event — all in the caller's transaction. `pg_notify` inside a transaction is delivered
 * at commit, to every process LISTENing on the channel (server/care/alerts/live.ts fans it out to
 * the browsers), and never for a transaction rolled back.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';
import { alertBatches, alerts } from '../../db/schema.ts';
import { alertsRaised } from '../../notifications/events.ts';
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
  // Ids made here, so the batch, its alerts and the notification are ONE statement (one round
  // trip instead of three; the alerts' foreign key to the batch is checked at its end).
  const batchId = randomUUID();
  const alertIds = toRaise.map(() => randomUUID());
  const event: AlertRaisedEvent = {
    type: 'alert.raised',
    batchId,
    patientFileId: file.id,
    serviceId: file.serviceId,
    alertIds,
    kinds: [...new Set(toRaise.map((alert) => alert.kind))],
  };
  // Ids only: no patient data travels on the channel (a NOTIFY payload must stay under 8000 bytes).
  if (alertIds.length > 100) event.alertIds = alertIds.slice(0, 100);
  const column = (pick: (alert: AlertToRaise) => string | null | undefined) => arrayLiteral(toRaise.map((alert) => pick(alert) ?? null));
  await tx.execute(sql`with batch as (
      insert into ${alertBatches} (id, patient_file_id, source, form_response_id, created_at)
      values (${batchId}::uuid, ${file.id}::uuid, ${occasion.source}, ${occasion.formResponseId ?? null}::uuid, ${at.toISOString()}::timestamptz)
    ), raised as (
      insert into ${alerts} (id, batch_id, patient_file_id, service_id, kind, level_id, indicator_id, measure_id, boundary_id, rule_id, patient_file_form_id, occurrence_id, crossing, raised_at)
      select a.id, ${batchId}::uuid, ${file.id}::uuid, ${file.serviceId}::uuid, a.kind, a.level_id, a.indicator_id, a.measure_id, a.boundary_id, a.rule_id, a.patient_file_form_id,
        a.occurrence_id, a.crossing, ${at.toISOString()}::timestamptz
      from unnest(${arrayLiteral(alertIds)}::uuid[], ${column((a) => a.kind)}::text[], ${column((a) => a.levelId)}::uuid[], ${column((a) => a.indicatorId)}::uuid[],
        ${column((a) => a.measureId)}::uuid[], ${column((a) => a.boundaryId)}::uuid[], ${column((a) => a.ruleId)}::uuid[], ${column((a) => a.patientFileFormId)}::uuid[],
        ${column((a) => a.occurrenceId)}::uuid[], ${column((a) => JSON.stringify(a.crossing))}::jsonb[])
        as a(id, kind, level_id, indicator_id, measure_id, boundary_id, rule_id, patient_file_form_id, occurrence_id, crossing)
    )
    select pg_notify(${ALERTS_CHANNEL}, ${JSON.stringify(event)})`);
  // The people called at these levels are told, in the same transaction (server/notifications/).
  await alertsRaised(tx, file, { batchId, alertIds }, toRaise, at);
  return { batchId, alertIds };
}
