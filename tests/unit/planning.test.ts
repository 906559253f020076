/**
 * Issue 8: planning added 24-hour steps in UTC, so a daily questionnaire moved by an hour after
 * a daylight-saving change. Occurrences are planned in the establishment's time zone: the same
 * local time every day across Europe/Paris's changes (last Sundays of March and October),
 * Pacific/Auckland's (first Sunday of April, last Sunday of September) and in UTC.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { occurrencesFrom, type Planning } from '../../server/care/forms/planning.ts';

const daily: Planning = { everyDays: 1, occurrences: 4, windowHours: 12, graceHours: 24 };
const local = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
const utc = (d: Date) => d.toISOString().slice(0, 16);

describe('occurrencesFrom: daily occurrences at the same local time across daylight-saving changes', () => {
  it.each([
    // zone, first start (UTC), local starts expected, UTC starts expected
    ['Europe/Paris', '2026-03-27T07:20:00Z', // spring: 29 March 02:00 → 03:00 (UTC+1 → UTC+2)
      ['2026-03-27T08:00', '2026-03-28T08:00', '2026-03-29T08:00', '2026-03-30T08:00'],
      ['2026-03-27T07:00', '2026-03-28T07:00', '2026-03-29T06:00', '2026-03-30T06:00']],
    ['Europe/Paris', '2026-10-23T06:59:59Z', // autumn: 25 October 03:00 → 02:00 (UTC+2 → UTC+1)
      ['2026-10-23T08:00', '2026-10-24T08:00', '2026-10-25T08:00', '2026-10-26T08:00'],
      ['2026-10-23T06:00', '2026-10-24T06:00', '2026-10-25T07:00', '2026-10-26T07:00']],
    ['Pacific/Auckland', '2026-04-02T20:00:00Z', // autumn there: 5 April 03:00 → 02:00 (UTC+13 → UTC+12)
      ['2026-04-03T09:00', '2026-04-04T09:00', '2026-04-05T09:00', '2026-04-06T09:00'],
      ['2026-04-02T20:00', '2026-04-03T20:00', '2026-04-04T21:00', '2026-04-05T21:00']],
    ['Pacific/Auckland', '2026-09-24T21:00:00Z', // spring there: 27 September 02:00 → 03:00 (UTC+12 → UTC+13)
      ['2026-09-25T09:00', '2026-09-26T09:00', '2026-09-27T09:00', '2026-09-28T09:00'],
      ['2026-09-24T21:00', '2026-09-25T21:00', '2026-09-26T20:00', '2026-09-27T20:00']],
    ['UTC', '2026-03-27T07:45:00Z',
      ['2026-03-27T07:00', '2026-03-28T07:00', '2026-03-29T07:00', '2026-03-30T07:00'],
      ['2026-03-27T07:00', '2026-03-28T07:00', '2026-03-29T07:00', '2026-03-30T07:00']],
  ])('%s from %s', (zone, from, localStarts, utcStarts) => {
    const occurrences = occurrencesFrom(new Date(from), daily, zone);
    expect(occurrences.map((o) => local(o.startAt, zone))).toEqual(localStarts);
    expect(occurrences.map((o) => utc(o.startAt))).toEqual(utcStarts);
    // A 12-hour window and a 24-hour grace: 20:00 (21:00 in Auckland, UTC 19:00) the same day, then the same time the next day.
    for (const o of occurrences) {
      expect(local(o.endAt, zone)).toBe(local(DateTime.fromJSDate(o.startAt, { zone }).plus({ hours: 12 }).toJSDate(), zone));
      expect(local(o.limitAt, zone)).toBe(DateTime.fromJSDate(o.endAt, { zone }).plus({ days: 1 }).toFormat("yyyy-MM-dd'T'HH:mm"));
    }
  });

  it('closes a 24-hour window when the next day opens, on the 23-hour and the 25-hour day', () => {
    for (const [zone, from] of [['Europe/Paris', '2026-03-28T23:00:00Z'], ['Europe/Paris', '2026-10-24T22:00:00Z']] as const) {
      const [first, second] = occurrencesFrom(new Date(from), { everyDays: 1, occurrences: 2, windowHours: 24, graceHours: 0 }, zone);
      expect(local(first!.startAt, zone).slice(11)).toBe('00:00');
      expect(first!.endAt).toEqual(second!.startAt);
    }
    // 23 and 25 hours of real time: the windows neither overlap nor leave a gap.
    const [spring] = occurrencesFrom(new Date('2026-03-28T23:00:00Z'), { everyDays: 1, occurrences: 1, windowHours: 24, graceHours: 0 }, 'Europe/Paris');
    expect((spring!.endAt.getTime() - spring!.startAt.getTime()) / 3_600_000).toBe(23);
    const [autumn] = occurrencesFrom(new Date('2026-10-24T22:00:00Z'), { everyDays: 1, occurrences: 1, windowHours: 24, graceHours: 0 }, 'Europe/Paris');
    expect((autumn!.endAt.getTime() - autumn!.startAt.getTime()) / 3_600_000).toBe(25);
  });

  it('keeps weekly occurrences on the same local time over months of changes', () => {
    const weekly = occurrencesFrom(new Date('2026-03-02T07:00:00Z'), { everyDays: 7, occurrences: 40, windowHours: 48, graceHours: 0 }, 'Europe/Paris');
    expect(new Set(weekly.map((o) => local(o.startAt, 'Europe/Paris').slice(11)))).toEqual(new Set(['08:00']));
    expect(new Set(weekly.map((o) => DateTime.fromJSDate(o.startAt, { zone: 'Europe/Paris' }).weekday))).toEqual(new Set([1]));
  });

  it('refuses a time zone that does not exist rather than planning in another', () => {
    expect(() => occurrencesFrom(new Date(), daily, 'Europe/Atlantis')).toThrow(/Europe\/Atlantis/);
  });
});
