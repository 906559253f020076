/**
 * Dates of the patient form (spec 001 §5): full dates only ("incomplete date refused"), and a birth
 * date not after today. `today` is a parameter (YYYY-MM-DD in the establishment's time zone): the
 * rules read no clock, so the server, the client and the tests agree on the same day.
 */

/** A real calendar date written YYYY-MM-DD: 2024-02-30, 2024-02 and 24-02-01 are refused. */
export function isFullDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const dateError = (value: string) => (isFullDate(value) ? undefined : ('date_invalid' as const));

/** Same-format dates compare as strings. */
export function birthDateError(value: string, today: string): 'date_invalid' | 'birth_date_in_future' | undefined {
  if (!isFullDate(value)) return 'date_invalid';
  return value > today ? 'birth_date_in_future' : undefined;
}

/** A calendar date (YYYY-MM-DD) moved by whole days: calendar arithmetic, no time zone, no daylight saving. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD): addDays(from, daysBetween(from, to)) === to. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
