import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { detectLanguage } from '../../../client/lib/i18n/detect-language.ts';
import { formatCalendarDate, formatDateTime } from '../../../client/lib/dates/format.ts';
import { localeSettings } from '../../../client/lib/i18n/locale-settings.ts';
import { isNativeApp, notifyNativeApp, setLanguageMessage } from '../../../client/lib/i18n/native-app.ts';
import { directionOf } from '../../../client/lib/languages.ts';

describe('language detection (spec 000 §1): stored, then browser, then configured default', () => {
  it.each([
    ['stored wins', 'ar', ['en-GB'], 'fr', 'ar'],
    ['stored wins over the default', 'en', [], 'fr', 'en'],
    ['unknown stored value is ignored', 'de', ['en-US'], 'fr', 'en'],
    ['empty stored value is ignored', '', ['ar-MA'], 'fr', 'ar'],
    ['browser language, region dropped', null, ['en-US', 'fr-FR'], 'fr', 'en'],
    ['first supported browser language', null, ['de-DE', 'es', 'ar-SA', 'fr'], 'en', 'ar'],
    ['browser tag in capitals', null, ['FR-fr'], 'en', 'fr'],
    ['no supported browser language → configured', null, ['de', 'it'], 'en', 'en'],
    ['nothing → configured default', undefined, [], 'ar', 'ar'],
    ['nothing at all → French', null, [], undefined, 'fr'],
  ] as const)('%s', (_, stored, browser, configured, expected) => {
    expect(detectLanguage({ stored, browser, configured })).toBe(expected);
  });

  it.each([['fr', 'ltr'], ['en', 'ltr'], ['ar', 'rtl']] as const)('%s is %s', (language, dir) => {
    expect(directionOf(language)).toBe(dir);
  });
});

describe('locale settings (spec 000 §1)', () => {
  it('French: fr-FR, weeks start on Monday, 24-hour clock', () => {
    expect(localeSettings('fr')).toEqual({ locale: 'fr-FR', firstDayOfWeek: 1, hourCycle: 'h23' });
  });
  it('English uses the British locale', () => {
    expect(localeSettings('en').locale).toBe('en-GB');
  });
});

describe('native app bridge', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; wv) TelesuiviApp/4.12.1', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 telesuiviapp/2.0', true],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36', false],
    ['TelesuiviApp', false],
  ])('%s → native %s', (ua, expected) => {
    expect(isNativeApp(ua)).toBe(expected);
  });

  it('posts a setLanguage message carrying the language in the app, and nothing in a browser', () => {
    const postMessage = vi.fn();
    const win = { ReactNativeWebView: { postMessage } } as unknown as Window;
    expect(notifyNativeApp('ar', win, 'Mozilla/5.0 TelesuiviApp/4.12.1')).toBe(true);
    expect(JSON.parse(postMessage.mock.calls[0]![0])).toEqual({ type: 'setLanguage', language: 'ar' });
    expect(notifyNativeApp('ar', win, 'Mozilla/5.0 Chrome/130')).toBe(false);
    expect(notifyNativeApp('ar', {} as Window, 'TelesuiviApp/1')).toBe(false);
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(setLanguageMessage('fr')).toBe('{"type":"setLanguage","language":"fr"}');
  });
});

describe('locale files', () => {
  const load = (l: string) => JSON.parse(readFileSync(new URL(`../../../client/locales/${l}.json`, import.meta.url), 'utf8'));
  const keys = (o: Record<string, unknown>, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]);
  const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

  it.each(['en', 'ar'])('%s has exactly the keys of fr (plural forms aside)', (language) => {
    expect([...new Set(keys(load(language)).map(base))].sort()).toEqual([...new Set(keys(load('fr')).map(base))].sort());
  });

  it('the loading text is Chargement... in French', () => {
    expect(load('fr').loading.text).toBe('Chargement...');
  });

  it.each(['fr', 'en', 'ar'])('%s has every plural form its language uses', (language) => {
    const all = keys(load(language));
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const key of new Set(all.filter((k) => k !== base(k)).map(base))) {
      for (const form of forms) if (form !== 'many' || language === 'ar') expect(all).toContain(`${key}_${form}`);
    }
  });
});

describe('dates in the interface', () => {
  it.each([
    ['fr', '2025-07-09T15:30:00Z', 'UTC', /15:30/],
    ['fr', '2025-07-09T15:30:00Z', 'Europe/Paris', /17:30/],
    ['en', '2025-07-09T15:30:00Z', 'UTC', /9 July 2025.*15:30/],
  ] as const)('%s %s in %s', (language, value, zone, expected) => {
    expect(formatDateTime(value, language, zone)).toMatch(expected);
  });

  it('French never shows AM/PM', () => {
    expect(formatDateTime('2025-07-09T23:05:00Z', 'fr', 'UTC')).not.toMatch(/AM|PM/i);
    expect(formatCalendarDate('2025-07-09', 'fr', 'long')).toBe('9 juillet 2025');
  });
});
