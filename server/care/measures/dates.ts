/**
 * Dates a measure cannot carry (issue 18, docs/clinical-rules.md "Dates that cannot be true"):
 * before its file's follow-up started (the start date's midnight in the establishment's time
 * zone; a file without a start date starts the day it was created), further back than the
 * establishment accepts late values (`establishments.late_measure_max_days`, counted back from when
 * the value reaches the platform), or later than now beyond CLOCK_SKEW_MS. Each is refused on the
 * measure's date field with a message that gives the bound; a date PostgreSQL cannot store (year 0)
 * is before every file's start, so it is a 400 on its field too, never a 500.
 */
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.ts';
import { establishments, patientFiles, services } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';

/** How far ahead of the server's clock a measure may be dated (a phone's clock runs a little fast). */
export const CLOCK_SKEW_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export interface MeasureDateBounds {
  /** Throws on `field` when `measuredAt` cannot be true for this file at this time. */
  require(measuredAt: Date, field: string): void;
}

/**
 * The file's bounds, read with the file row locked (FOR NO KEY UPDATE) until the transaction ends:
 * two requests recording measures on one file take turns, so the second sees what the first stored
 * (duplicates.ts stores an identical measure once, concurrent posts included). The lock does not
 * conflict with the foreign keys of other rows pointing at the file (FOR KEY SHARE).
 */
export async function lockFileForMeasures(tx: Db, fileId: string, at: Date): Promise<MeasureDateBounds> {
  const [row] = await tx.select({
    startDate: patientFiles.startDate, createdAt: patientFiles.createdAt, timeZone: establishments.timeZone, lateMaxDays: establishments.lateMeasureMaxDays,
  }).from(patientFiles)
    .innerJoin(services, eq(services.id, patientFiles.serviceId))
    .innerJoin(establishments, eq(establishments.id, services.establishmentId))
    .where(eq(patientFiles.id, fileId))
    .for('no key update', { of: patientFiles });
  if (!row) throw notFound();
  const startDay = row.startDate ?? DateTime.fromJSDate(row.createdAt, { zone: row.timeZone }).toISODate()!;
  const fileStart = DateTime.fromISO(startDay, { zone: row.timeZone }).startOf('day').toMillis();
  // The message prints the calendar day, whatever the server's zone: its UTC midnight, formatted in UTC.
  const startDayUtc = Date.parse(`${startDay}T00:00:00Z`);
  const lateBound = row.lateMaxDays === null ? undefined : at.getTime() - row.lateMaxDays * DAY_MS;
  return {
    require(measuredAt, field) {
      const time = measuredAt.getTime();
      if (!Number.isFinite(time)) throw badRequest('validation_error', { field, reason: 'date-time' }, field);
      if (time < fileStart) throw badRequest('measured_before_file_start', { date: startDayUtc }, field);
      if (lateBound !== undefined && time < lateBound) throw badRequest('measured_too_long_ago', { count: row.lateMaxDays! }, field);
      if (time > at.getTime() + CLOCK_SKEW_MS) throw badRequest('measured_at_in_future', {}, field);
    },
  };
}
