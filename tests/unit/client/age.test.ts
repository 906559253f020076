import { describe, expect, it } from 'vitest';
import { ageOn, todayIn } from '../../../client/lib/dates/age.ts';

describe('ageOn', () => {
  it.each([
    ['1958-04-17', '2026-11-23', 68],
    ['1958-11-23', '2026-11-23', 68], // the birthday itself
    ['1958-11-24', '2026-11-23', 67], // the day before
    ['1958-12-01', '2026-11-23', 67],
    ['2000-02-29', '2025-02-28', 24], // born on 29 February: not yet in a common year
    ['2000-02-29', '2025-03-01', 25],
    ['2000-02-29', '2028-02-29', 28],
    ['2026-11-23', '2026-11-23', 0],
  ])('born %s, on %s: %i', (birth, day, age) => {
    expect(ageOn(birth, day)).toBe(age);
  });
});

describe('todayIn', () => {
  it("is the session time zone's day, not the browser's", () => {
    const instant = new Date('2026-11-23T23:30:00Z');
    expect(todayIn('Europe/Paris', instant)).toBe('2026-11-24');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-23');
    expect(todayIn('Pacific/Auckland', new Date('2026-11-23T10:59:00Z'))).toBe('2026-11-23');
    expect(todayIn('Pacific/Auckland', new Date('2026-11-23T11:00:00Z'))).toBe('2026-11-24');
  });
});
