/**
 * i18next for the client: one language's resources loaded at a time (each locale file is its
 * own chunk), the document's `lang` and `dir` kept in step (Arabic is right to left).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, type Language } from '../languages.ts';

type Resources = Record<string, unknown>;

const loaders: Record<Language, () => Promise<{ default: Resources }>> = {
  fr: () => import('../../locales/fr.json'),
  en: () => import('../../locales/en.json'),
  ar: () => import('../../locales/ar.json'),
};

export const i18n = i18next.createInstance();

/** Loads a language's texts without switching to it (a questionnaire shown in another language than the interface). */
export async function ensureLoaded(language: Language) {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: resources } = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', resources);
}

export function applyDocumentLanguage(language: Language, doc: Document = document) {
  doc.documentElement.lang = language;
  doc.documentElement.dir = directionOf(language);
}

export async function initI18n(language: Language): Promise<void> {
  const { default: resources } = await loaders[language]();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: resources } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(language);
}

export async function switchLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

export const currentLanguage = (): Language => i18n.language as Language;
