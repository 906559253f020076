/** The expiry dialog's countdown as a person reads it, in the real locale files (fr, en, ar). */
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../../../client/locales/ar.json' with { type: 'json' };
import en from '../../../client/locales/en.json' with { type: 'json' };
import fr from '../../../client/locales/fr.json' with { type: 'json' };
import { countdownText } from '../../../client/features/session-expiry/countdown.ts';

async function say(language: string, secondsLeft: number) {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { fr: { translation: fr }, en: { translation: en }, ar: { translation: ar } } });
  const { key, count } = countdownText(secondsLeft);
  return i18n.t(key, { count });
}

describe('expiry countdown text', () => {
  it.each([
    ['fr', 1200, 'Votre session expire dans 20 minutes.'],
    ['fr', 1199, 'Votre session expire dans 20 minutes.'],
    ['fr', 89, 'Votre session expire dans 1 minute.'],
    ['fr', 61, 'Votre session expire dans 1 minute.'],
    ['fr', 60, 'Votre session expire dans 60 secondes.'],
    ['fr', 1, 'Votre session expire dans 1 seconde.'],
    ['en', 1200, 'Your session expires in 20 minutes.'],
    ['en', 30, 'Your session expires in 30 seconds.'],
    ['ar', 1200, 'تنتهي جلستك خلال 20 دقيقة.'],
    ['ar', 300, 'تنتهي جلستك خلال 5 دقائق.'],
    ['ar', 120, 'تنتهي جلستك خلال دقيقتين.'],
    ['ar', 45, 'تنتهي جلستك خلال 45 ثانية.'],
  ] as const)('%s, %i s left: %s', async (language, seconds, expected) => {
    expect(await say(language, seconds)).toBe(expected);
  });

  it('never counts more than 60 in seconds', () => {
    for (let s = 1; s <= 3600; s++) {
      const { key, count } = countdownText(s);
      if (key === 'expiry.warningText') expect(count).toBeLessThanOrEqual(60);
      else expect(count).toBeGreaterThanOrEqual(1);
    }
  });
});
