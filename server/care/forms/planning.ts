/**
 * Planned occurrences and event statuses (spec 000 §4: available, ongoing, completed, expired,
 * upcoming, free). Occurrences are planned in the establishment's time zone with luxon: a daily
 * questionnaire opens at the same local time every day, before and after a daylight-saving
 * change (24-hour steps in UTC moved it by an hour).
 */
import { DateTime } from 'luxon';
import type { EVENT_STATUSES } from '../../../schemas/form-api.ts';

export type EventStatus = (typeof EVENT_STATUSES)[number];
export interface Planning { everyDays: number; occurrences: number; windowHours: number; graceHours: number; time?: string }
export interface OccurrenceTimes { startAt: Date; endAt: Date; limitAt: Date }

/** Establishments without a time zone of their own (the column's default, migration 0005). */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/**
 * `hours` later, whole days counted on the calendar: a 24-hour window closes at the same local
 * time the next day, when the next daily occurrence opens, even on a 23- or 25-hour day.
 */
const later = (t: DateTime, hours: number) => t.plus({ days: Math.floor(hours / 24) }).plus({ hours: hours % 24 });

/**
 * Occurrences from `from` (rounded down to the hour, in `timeZone`; or, when the planning names a
 * local time, at the first such time not before `from`), every `everyDays` calendar days at the
 * same local time. A local time that a spring change skips moves forward by the skipped hour
 * (luxon's rule).
 */
export function occurrencesFrom(from: Date, planning: Planning, timeZone: string): OccurrenceTimes[] {
  const start = DateTime.fromJSDate(from, { zone: timeZone });
  if (!start.isValid) throw new Error(`cannot plan in the time zone '${timeZone}': ${start.invalidExplanation ?? start.invalidReason}`);
  const [hour = 0, minute = 0] = planning.time ? planning.time.split(':').map(Number) : [];
  const atTime = (t: DateTime) => t.set({ hour, minute, second: 0, millisecond: 0 });
  let first: DateTime = start.startOf('hour');
  if (planning.time) {
    first = atTime(start);
    if (first < start) first = atTime(first.plus({ days: 1 }));
  }
  return Array.from({ length: planning.occurrences }, (_, i) => {
    const day = first.plus({ days: i * planning.everyDays });
    const startAt = planning.time ? atTime(day) : day;
    const endAt = later(startAt, planning.windowHours);
    const limitAt = later(endAt, planning.graceHours);
    return { startAt: startAt.toJSDate(), endAt: endAt.toJSDate(), limitAt: limitAt.toJSDate() };
  });
}

export interface OccurrenceState extends OccurrenceTimes { lostAt: Date | null; answered: boolean; started: boolean }

export function occurrenceStatus(o: OccurrenceState, now: Date): { status: EventStatus; late: boolean } {
  if (o.answered) return { status: 'completed', late: false };
  if (o.lostAt || now > o.limitAt) return { status: 'expired', late: false };
  if (now < o.startAt) return { status: 'upcoming', late: false };
  return { status: o.started ? 'ongoing' : 'available', late: now > o.endAt };
}

/** Late: past its end, still answerable, not answered nor given up. */
export const isLate = (o: OccurrenceState, now: Date) => occurrenceStatus(o, now).late;

/**
 * The planning rule beyond its bounds: an occurrence closes before the next one opens (its window
 * is at most the interval), so that two are never open at once. Answers the offending field.
 */
export function planningProblem(planning: Planning): { field: 'windowHours'; params: { windowHours: number; maxHours: number } } | null {
  const maxHours = planning.everyDays * 24;
  return planning.windowHours > maxHours ? { field: 'windowHours', params: { windowHours: planning.windowHours, maxHours } } : null;
}
