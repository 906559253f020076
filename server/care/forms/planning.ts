/** Planned occurrences and event statuses (spec 000 §4: available, ongoing, completed, expired, upcoming, free). */
import type { EVENT_STATUSES } from '../../../schemas/form-api.ts';

export type EventStatus = (typeof EVENT_STATUSES)[number];
export interface Planning { everyDays: number; occurrences: number; windowHours: number; graceHours: number }
export interface OccurrenceTimes { startAt: Date; endAt: Date; limitAt: Date }

const HOUR = 3_600_000;

/** Occurrences from `from` (rounded down to the hour), every `everyDays` days. */
export function occurrencesFrom(from: Date, planning: Planning): OccurrenceTimes[] {
  const first = Math.floor(from.getTime() / HOUR) * HOUR;
  return Array.from({ length: planning.occurrences }, (_, i) => {
    const startAt = first + i * planning.everyDays * 24 * HOUR;
    const endAt = startAt + planning.windowHours * HOUR;
    return { startAt: new Date(startAt), endAt: new Date(endAt), limitAt: new Date(endAt + planning.graceHours * HOUR) };
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
