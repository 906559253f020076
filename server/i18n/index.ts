/** Server-side messages in fr, en and ar, through i18next like the client. */
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES } from '../../schemas/common.ts';
import fr from './locales/fr.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import ar from './locales/ar.json' with { type: 'json' };

export type Language = (typeof LANGUAGES)[number];

const i18n = i18next.createInstance();
await i18n.init({
  resources: { fr: { translation: fr }, en: { translation: en }, ar: { translation: ar } },
  fallbackLng: 'fr',
  supportedLngs: [...LANGUAGES],
  // Messages go into JSON bodies and into HTML that the login page escapes itself.
  interpolation: { escapeValue: false },
  initAsync: false,
});

const translators = new Map<Language, TFunction>(LANGUAGES.map((l) => [l, i18n.getFixedT(l)]));

export function translator(language: Language): TFunction {
  return translators.get(language)!;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** First supported language of an Accept-Language header, or undefined. */
export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header.split(',').map((part) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { lang: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
  }).sort((a, b) => b.q - a.q);
  return ranked.map((r) => r.lang).find(isLanguage);
}
