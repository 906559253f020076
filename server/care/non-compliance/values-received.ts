/**
 * Non-compliance alerts that values answer (issue 18): once the patient measures again, or answers
 * her questionnaire again, the alert that said she had stopped needs no call. The system closes it
 * with the status "values received again" (closeWithSystemStatus: the time, a history entry), so
 * the team's list keeps only what still needs one. In the transaction that stores the values.
 *
 * Indicators: a pending NON_COMPLIANCE_INDICATOR alert of an indicator just measured closes when
 * the new value is more recent than the last value the alert knew of (`crossing.lastValueAt`; none:
 * any value) — a late upload of an older value changes nothing. Questionnaires: a response of an
 * assignment closes that assignment's pending NON_COMPLIANCE_FORM alerts (an occurrence past its
 * limit cannot be answered any more: the next one answered is the questionnaire received again).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alerts } from '../../db/schema.ts';
import { closeWithSystemStatus } from '../alerts/close-with-system-status.ts';

export async function closeAnsweredIndicatorAlerts(
  tx: Db, patientFileId: string, values: readonly { indicatorId: string; measuredAt: Date }[], at: Date,
): Promise<string[]> {
  const latest = new Map<string, Date>();
  for (const v of values) if (!(latest.get(v.indicatorId)! >= v.measuredAt)) latest.set(v.indicatorId, v.measuredAt);
  if (latest.size === 0) return [];
  const which = or(...[...latest].map(([indicatorId, measuredAt]) => and(
    eq(alerts.indicatorId, indicatorId),
    sql`coalesce((${alerts.crossing}->>'lastValueAt')::timestamptz, '-infinity'::timestamptz) < ${measuredAt.toISOString()}::timestamptz`,
  )))!;
  return closeWithSystemStatus(tx, patientFileId, and(eq(alerts.kind, 'NON_COMPLIANCE_INDICATOR'), which)!, 'VALUES_RECEIVED', at);
}

export async function closeAnsweredFormAlerts(tx: Db, patientFileId: string, patientFileFormId: string, formResponseId: string, at: Date): Promise<string[]> {
  return closeWithSystemStatus(tx, patientFileId, and(eq(alerts.kind, 'NON_COMPLIANCE_FORM'), eq(alerts.patientFileFormId, patientFileFormId))!,
    'VALUES_RECEIVED', at, { formResponseId });
}
