/**
 * A person's age in whole years on a calendar day (both YYYY-MM-DD): calendar arithmetic, so
 * no time zone enters it except the one that decides which day "today" is (todayIn).
 * Someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Today's calendar date (YYYY-MM-DD) in a time zone: the session's, not the browser's. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
