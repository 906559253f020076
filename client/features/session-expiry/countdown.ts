/**
 * The countdown's words: "20 minutes" rather than "1200 secondes" while more than a minute is
 * left (rounded to the nearest minute, as people read a clock), seconds in the last minute.
 * The count goes to i18next, whose plural forms choose the word (Arabic has six).
 */
export type CountdownText = { key: 'expiry.warningMinutes' | 'expiry.warningText'; count: number };

export function countdownText(secondsLeft: number): CountdownText {
  if (secondsLeft > 60) return { key: 'expiry.warningMinutes', count: Math.max(1, Math.round(secondsLeft / 60)) };
  return { key: 'expiry.warningText', count: secondsLeft };
}
