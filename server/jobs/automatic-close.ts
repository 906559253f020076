/**
 * Automatic close (spec 001 §4, issue 10 §4): a file still OPEN or AWAITING whose end date is
 * before today *in its establishment's time zone* is closed with reason type END_OF_FOLLOW_UP
 * and a FILE_CLOSED_AUTOMATICALLY history entry (no actor). Run by the scheduled job
 * (server/jobs/plugin.ts) with the app's clock, so tests move time instead of waiting.
 *
 * One transaction per batch: the files of the batch and their history entries together. The
 * batch is chosen `for update skip locked` and the update re-checks the status, so two runs at
 * once (two gateways) never close a file twice; a second run finds nothing (idempotent).
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { establishments, patientFileHistory, patientFiles, services } from '../db/schema.ts';
import { AUTOMATIC_CLOSING_REASON_TYPE } from '../../schemas/patient-file-status.ts';
import type { HistoryKind } from '../../schemas/history.ts';

export const AUTOMATIC_CLOSE_BATCH = 500;
const CLOSABLE = ['OPEN', 'AWAITING'] as const;
const KIND: HistoryKind = 'FILE_CLOSED_AUTOMATICALLY';

export interface AutomaticCloseResult { closed: string[] }

/** Today's date (YYYY-MM-DD) in a time zone; an unknown zone falls back to UTC rather than closing nothing. */
export function todayIn(timeZone: string, at: Date): string {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  return (local.isValid ? local : DateTime.fromJSDate(at, { zone: 'utc' })).toISODate()!;
}

export async function closeFilesPastEndDate(db: Db, now: () => Date, options: { batchSize?: number } = {}): Promise<AutomaticCloseResult> {
  const batchSize = options.batchSize ?? AUTOMATIC_CLOSE_BATCH;
  const closed: string[] = [];
  const structures = await db.select({ id: establishments.id, timeZone: establishments.timeZone }).from(establishments);
  for (const structure of structures) {
    const at = now();
    const today = todayIn(structure.timeZone, at);
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const due = tx.select({ id: patientFiles.id }).from(patientFiles)
          .innerJoin(services, eq(services.id, patientFiles.serviceId))
          .where(and(eq(services.establishmentId, structure.id), inArray(patientFiles.status, CLOSABLE), lt(patientFiles.endDate, today)))
          .orderBy(patientFiles.id).limit(batchSize).for('update', { of: patientFiles, skipLocked: true });
        const rows = await tx.update(patientFiles)
          .set({ status: 'CLOSED', closedAt: at, closedBy: null, closingReasonType: AUTOMATIC_CLOSING_REASON_TYPE, closingReason: null })
          .where(and(inArray(patientFiles.id, due), inArray(patientFiles.status, CLOSABLE)))
          .returning({ id: patientFiles.id, endDate: patientFiles.endDate });
        if (rows.length > 0) {
          await tx.insert(patientFileHistory).values(rows.map((r) => ({
            patientFileId: r.id, type: KIND, actorId: null, onBehalfOfId: null, occurredAt: at,
            payload: { closingReasonType: AUTOMATIC_CLOSING_REASON_TYPE, endDate: r.endDate, today, timeZone: structure.timeZone },
          })));
        }
        return rows.map((r) => r.id);
      });
      closed.push(...batch);
      if (batch.length < batchSize) break;
    }
  }
  return { closed };
}

