/**
 * A wall-clock date and time in a time zone ↔ an instant, for fields that take a moment typed by
 * a person (when a value was measured): the session's time zone, never the browser's.
 */

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return (Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(instant / 1000) * 1000) / 60_000;
}

/**
 * The instant a date (YYYY-MM-DD) and time (HH:MM) name in the time zone. A time that a
 * daylight-saving change repeats (autumn) is its first occurrence; one it skips (02:30 on a
 * spring-forward night in Paris) does not exist and reads as the instant an hour before (01:30).
 */
export function instantIn(date: string, time: string, timeZone: string | undefined): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The zone's offsets a day either side cover both sides of any change on that day.
  const offsets = [...new Set([offsetMinutes(wall - 86_400_000, timeZone), offsetMinutes(wall + 86_400_000, timeZone)])];
  const candidates = offsets.map((o) => wall - o * 60_000).filter((c) => offsetMinutes(c, timeZone) * 60_000 === wall - c);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - Math.max(...offsets) * 60_000);
}

/** The wall-clock time (HH:MM, 24 h) of an instant in the time zone. */
export function timeIn(timeZone: string | undefined, instant: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(instant);
}
