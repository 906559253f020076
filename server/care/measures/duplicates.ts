/**
 * An identical measure is stored once (issue 18, docs/clinical-rules.md "A value sent twice"): same
 * file, indicator, measured time, value and unit as typed. A phone that lost the answer, or a
 * device that resends its memory, gets back what is stored — no second row, no second alert —
 * with or without an Idempotency-Key. Concurrent identical requests take turns on the file's row
 * lock (dates.ts lockFileForMeasures), so the later one finds the earlier one's rows here.
 *
 * A lock rather than a unique index: files recorded before this rule may hold duplicates, which
 * stay (nothing clinical is deleted) and would make such an index impossible to build.
 * Only values that count are matched: a value marked entered in error (counts.ts) may be typed
 * again — the patient's correction of a value to the same value and time is a new entry.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { alerts, interventionLevels, measures } from '../../db/schema.ts';
import type { AlertColour } from '../../../schemas/telemonitoring.ts';
import { counts } from './counts.ts';

export interface MeasureIdentity { indicatorId: string; measuredAt: Date; enteredValue: number; enteredUnit: string }

/** The identity of a measure, as a map key. */
export const identityOf = (m: MeasureIdentity) => `${m.indicatorId}|${m.measuredAt.getTime()}|${m.enteredValue}|${m.enteredUnit}`;

export interface ExistingMeasure {
  id: string; indicatorId: string; value: number; enteredValue: number; enteredUnit: string; measuredAt: Date;
  recordedAt: Date; recordedBy: string | null; onBehalfOf: string | null; source: 'MANUAL' | 'FORM_RESPONSE' | 'DEVICE' | 'IMPORT';
}
export interface ExistingAlert { id: string; batchId: string; measureId: string; indicatorId: string; boundaryId: string; levelId: string; levelRank: number; colour: AlertColour }

/** The file's measures identical to some of `candidates`, by identity, with the threshold alerts they raised. */
export async function existingMeasures(tx: Db, fileId: string, candidates: readonly MeasureIdentity[]): Promise<{ byIdentity: Map<string, ExistingMeasure>; alerts: ExistingAlert[] }> {
  const rows = await tx.select({
    id: measures.id, indicatorId: measures.indicatorId, value: measures.value, enteredValue: measures.enteredValue, enteredUnit: measures.enteredUnit,
    measuredAt: measures.measuredAt, recordedAt: measures.recordedAt, recordedBy: measures.recordedBy, onBehalfOf: measures.onBehalfOf, source: measures.source,
  }).from(measures).where(and(eq(measures.patientFileId, fileId), counts, sql`(${measures.indicatorId}, ${measures.measuredAt}, ${measures.enteredValue}, ${measures.enteredUnit}) in (
      select * from unnest(${arrayLiteral(candidates.map((c) => c.indicatorId))}::uuid[], ${arrayLiteral(candidates.map((c) => c.measuredAt.toISOString()))}::timestamptz[],
        ${arrayLiteral(candidates.map((c) => c.enteredValue))}::float8[], ${arrayLiteral(candidates.map((c) => c.enteredUnit))}::text[]))`));
  const byIdentity = new Map<string, ExistingMeasure>();
  // Duplicates stored before this rule: the first stored answers for all of them.
  for (const row of rows.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime())) if (!byIdentity.has(identityOf(row))) byIdentity.set(identityOf(row), row);
  const ids = [...byIdentity.values()].map((m) => m.id);
  const raised = ids.length === 0 ? [] : await tx.select({
    id: alerts.id, batchId: alerts.batchId, measureId: alerts.measureId, indicatorId: alerts.indicatorId, boundaryId: alerts.boundaryId,
    levelId: alerts.levelId, levelRank: interventionLevels.rank, colour: interventionLevels.colour,
  }).from(alerts).innerJoin(interventionLevels, eq(interventionLevels.id, alerts.levelId))
    .where(and(eq(alerts.patientFileId, fileId), eq(alerts.kind, 'THRESHOLD'), inArray(alerts.measureId, ids)));
  return {
    byIdentity,
    alerts: raised.flatMap((a) => (a.measureId && a.indicatorId && a.boundaryId && a.levelId ? [{ ...a, measureId: a.measureId, indicatorId: a.indicatorId, boundaryId: a.boundaryId, levelId: a.levelId }] : [])),
  };
}
