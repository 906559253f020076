/**
 * Non-compliance alerts (issue 11 §5, spec 001 §3 "Non-observance rule {indicators, periodInDays}"),
 * run by the scheduled job (server/jobs/plugin.ts) every 15 minutes and at start, with the app's
 * clock (`app.now`) so tests move time instead of waiting.
 *
 * Indicators. A rule applies when it is active and not excluded, its file OPEN with its patient
 * data active, and — for a rule a protocol brought — that protocol still active and not excluded
 * on the file. THE PERIOD RULE (docs/clinical-rules.md): "no value for N days" is counted from the
 * last value at the same local wall-clock time in the establishment's time zone — a value on Friday
 * 20:00 with 3 days is due on Monday 20:00 local, 71, 72 or 73 hours later across a daylight-saving
 * change (luxon's calendar arithmetic, never 24-h blocks; a wall-clock time the spring change skips,
 * 02:30, is read as the hour after, 03:30). The period starts at the latest of: the last value
 * (measured_at) and the rule's creation or last change (a new, changed or restored rule does not
 * alert at once: it needs its whole period first). An alert is raised once per period: after an
 * alert, the next one is due one more period after the same start (alerted Monday 20:00 with 3
 * days: again Thursday 20:00), until a value starts a new period.
 *
 * Forms. Each planned occurrence of an active, non-excluded assignment of an OPEN file whose
 * limit date is past (now > limit_at: at the limit itself it may still be answered, as the
 * questionnaire screens say — server/care/forms/planning.ts) with no answered response and not
 * given up (lost_at) raises one NON_COMPLIANCE_FORM alert, once (an alert of that occurrence exists).
 *
 * Level. A non-compliance alert crosses no threshold: an indicator's takes the level its rule chose
 * (issue 18), by default — and a questionnaire's always — the establishment's least urgent
 * intervention level (the highest rank: "Information" in the demo), so the alerts list shows it
 * with a level and a colour like every other alert; null when the establishment has no level.
 *
 * One transaction per file: its row locked `for no key update skip locked` (a second run at the same
 * time skips the file; measures, which only take a key-share lock on it, are not blocked), its
 * findings read again under the lock, its alerts raised as one batch through raiseAlerts() with
 * their history entries (INDICATOR_NON_COMPLIANCE, FORM_NON_COMPLIANCE; no actor). A second run
 * finds nothing new (idempotent).
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import {
  alerts, establishments, formOccurrences, formResponses, forms, indicators, interventionLevels, measures, nonObservanceRules,
  patientFileForms, patientFileHistory, patientFileProtocols, patientFiles, services,
} from '../db/schema.ts';
import { raiseAlerts, type AlertToRaise } from '../care/alerts/raise.ts';
import { countsIn } from '../care/measures/counts.ts';

export interface NonComplianceResult { alerts: number; files: number }

const localTime = (at: Date, timeZone: string): DateTime => {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  return local.isValid ? local : DateTime.fromJSDate(at, { zone: 'utc' });
};

export interface SilenceSince { lastValueAt: Date | null; ruleSince: Date; lastAlertAt: Date | null }

/**
 * When the next non-compliance alert of an indicator is due (the period rule above): `k` periods
 * after the start, at the same local wall-clock time, `k` the first whose time is after the last
 * alert raised in this silence (1 when there is none).
 */
export function silenceDueAt(periodInDays: number, timeZone: string, since: SilenceSince): Date {
  const start = since.lastValueAt && since.lastValueAt > since.ruleSince ? since.lastValueAt : since.ruleSince;
  const local = localTime(start, timeZone);
  const after = (k: number) => local.plus({ days: k * periodInDays });
  const alerted = since.lastAlertAt && since.lastAlertAt >= start ? since.lastAlertAt.getTime() : undefined;
  if (alerted === undefined) return after(1).toJSDate();
  // A first guess from the calendar difference, then corrected: a day may last 23 or 25 hours.
  let k = Math.max(1, Math.floor(localTime(new Date(alerted), timeZone).diff(local, 'days').days / periodInDays) + 1);
  while (k > 1 && after(k - 1).toMillis() > alerted) k -= 1;
  while (after(k).toMillis() <= alerted) k += 1;
  return after(k).toJSDate();
}

/** Whether an indicator's alert is due at `at`: its period has passed without a value since the start or the last alert. */
export function isSilent(at: Date, periodInDays: number, timeZone: string, since: SilenceSince): boolean {
  return silenceDueAt(periodInDays, timeZone, since).getTime() <= at.getTime();
}

const tsOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

interface IndicatorFinding {
  fileId: string; serviceId: string; ruleId: string; periodInDays: number; levelId: string | null; indicatorId: string;
  reference: string; name: unknown; lastValueAt: Date | null; ruleSince: Date; lastAlertAt: Date | null;
}

/** Every (rule, indicator) that applies, with its last value, its rule's last change and its last alert; `where` on r, f, s. */
async function indicatorCandidates(db: Db, where: SQL): Promise<IndicatorFinding[]> {
  const rows = await db.execute(sql`
    select r.id as rule_id, r.period_in_days, r.level_id, f.id as file_id, f.service_id, i.id as indicator_id, i.reference, i.name,
      coalesce(r.updated_at, r.created_at) as rule_since,
      (select max(m.measured_at) from ${measures} m where m.patient_file_id = f.id and m.indicator_id = i.id and ${countsIn('m')}) as last_value_at,
      (select max(a.raised_at) from ${alerts} a where a.rule_id = r.id and a.indicator_id = i.id) as last_alert_at
    from ${nonObservanceRules} r
    join ${patientFiles} f on f.id = r.patient_file_id
    join ${services} s on s.id = f.service_id
    left join ${patientFileProtocols} p on p.id = r.patient_file_protocol_id
    cross join lateral unnest(r.indicator_ids) as ri(indicator_id)
    join ${indicators} i on i.id = ri.indicator_id and i.establishment_id = s.establishment_id
    where r.active and r.excluded_at is null and f.status = 'OPEN' and f.patient_data_active
      and (r.patient_file_protocol_id is null or (p.active and p.excluded_at is null))
      and ${where}`);
  // Both drivers (pg, PGlite) answer `{ rows }`.
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    fileId: r.file_id as string, serviceId: r.service_id as string, ruleId: r.rule_id as string, periodInDays: Number(r.period_in_days), levelId: (r.level_id as string | null) ?? null,
    indicatorId: r.indicator_id as string, reference: r.reference as string, name: r.name,
    lastValueAt: tsOrNull(r.last_value_at), ruleSince: tsOrNull(r.rule_since)!, lastAlertAt: tsOrNull(r.last_alert_at),
  }));
}

interface FormFinding {
  fileId: string; serviceId: string; assignmentId: string; occurrenceId: string; formId: string; formName: string; reference: string;
  startAt: Date; endAt: Date; limitAt: Date;
}

/** Occurrences past their limit date, unanswered, not given up, without their alert. */
async function lateOccurrences(db: Db, where: SQL, at: Date): Promise<FormFinding[]> {
  const rows = await db.select({
    fileId: patientFiles.id, serviceId: patientFiles.serviceId, assignmentId: patientFileForms.id, occurrenceId: formOccurrences.id,
    formId: forms.id, formName: forms.name, reference: forms.reference,
    startAt: formOccurrences.startAt, endAt: formOccurrences.endAt, limitAt: formOccurrences.limitAt,
  }).from(formOccurrences)
    .innerJoin(patientFileForms, eq(patientFileForms.id, formOccurrences.patientFileFormId))
    .innerJoin(forms, eq(forms.id, patientFileForms.formId))
    .innerJoin(patientFiles, eq(patientFiles.id, patientFileForms.patientFileId))
    .innerJoin(services, eq(services.id, patientFiles.serviceId))
    .where(and(
      where, eq(patientFiles.status, 'OPEN'), eq(patientFileForms.active, true), sql`${patientFileForms.excludedAt} is null`,
      sql`${formOccurrences.limitAt} < ${at.toISOString()}::timestamptz`, sql`${formOccurrences.lostAt} is null`,
      sql`not exists (select 1 from ${formResponses} r where r.occurrence_id = ${formOccurrences.id} and r.answered_at is not null)`,
      sql`not exists (select 1 from ${alerts} a where a.occurrence_id = ${formOccurrences.id})`,
    ));
  return rows;
}

async function leastUrgentLevel(db: Db, establishmentId: string): Promise<string | null> {
  const [level] = await db.select({ id: interventionLevels.id }).from(interventionLevels)
    .where(eq(interventionLevels.establishmentId, establishmentId)).orderBy(desc(interventionLevels.rank)).limit(1);
  return level?.id ?? null;
}

export async function raiseNonComplianceAlerts(db: Db, now: () => Date): Promise<NonComplianceResult> {
  const result: NonComplianceResult = { alerts: 0, files: 0 };
  const structures = await db.select({ id: establishments.id, timeZone: establishments.timeZone }).from(establishments);
  for (const structure of structures) {
    const at = now();
    const silent = (f: IndicatorFinding) => isSilent(at, f.periodInDays, structure.timeZone, f);
    const due = new Set([
      ...(await indicatorCandidates(db, sql`s.establishment_id = ${structure.id}`)).filter(silent).map((f) => f.fileId),
      ...(await lateOccurrences(db, eq(services.establishmentId, structure.id), at)).map((f) => f.fileId),
    ]);
    if (due.size === 0) continue;
    const levelId = await leastUrgentLevel(db, structure.id);
    for (const fileId of due) {
      const raised = await db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: patientFiles.id, serviceId: patientFiles.serviceId }).from(patientFiles)
          .where(eq(patientFiles.id, fileId)).for('no key update', { skipLocked: true });
        if (!locked) return 0;
        const silences = (await indicatorCandidates(tx, sql`f.id = ${fileId}`)).filter(silent);
        const late = await lateOccurrences(tx, eq(patientFiles.id, fileId), at);
        const toRaise: AlertToRaise[] = [
          ...silences.map((f) => ({
            kind: 'NON_COMPLIANCE_INDICATOR' as const, levelId: f.levelId ?? levelId, indicatorId: f.indicatorId, ruleId: f.ruleId,
            crossing: { periodInDays: f.periodInDays, lastValueAt: f.lastValueAt?.toISOString() ?? null, timeZone: structure.timeZone },
          })),
          ...late.map((f) => ({
            kind: 'NON_COMPLIANCE_FORM' as const, levelId, patientFileFormId: f.assignmentId, occurrenceId: f.occurrenceId,
            crossing: { limitAt: f.limitAt.toISOString() },
          })),
        ];
        const batch = await raiseAlerts(tx, locked, { source: 'NON_COMPLIANCE' }, toRaise, at);
        if (!batch) return 0;
        const entries = [
          ...silences.map((f) => ({
            type: 'INDICATOR_NON_COMPLIANCE' as const,
            payload: { indicator: f.reference, indicatorId: f.indicatorId, indicatorName: f.name, periodInDays: f.periodInDays, ruleId: f.ruleId, lastValueAt: f.lastValueAt?.toISOString() ?? null },
          })),
          ...late.map((f) => ({
            type: 'FORM_NON_COMPLIANCE' as const,
            payload: { formId: f.formId, formName: f.formName, reference: f.reference, occurrenceId: f.occurrenceId, startAt: f.startAt.toISOString(), endAt: f.endAt.toISOString(), limitAt: f.limitAt.toISOString() },
          })),
        ];
        await tx.insert(patientFileHistory).values(entries.map((e, i) => ({
          patientFileId: fileId, type: e.type, actorId: null, onBehalfOfId: null, occurredAt: at, payload: { ...e.payload, alertId: batch.alertIds[i], batchId: batch.batchId },
        })));
        return batch.alertIds.length;
      });
      if (raised > 0) { result.alerts += raised; result.files += 1; }
    }
  }
  return result;
}
