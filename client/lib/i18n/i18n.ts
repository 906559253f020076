/**
 * i18next for the client: texts are loaded one language and one namespace at a time (each
 * locale file is its own chunk), the document's `lang` and `dir` kept in step (Arabic is right
 * to left).
 *
 * Namespaces — how a feature carries its own texts:
 * - `translation` (client/locales/{fr,en,ar}.json) holds the first screens' texts.
 * - A feature or a lazily loaded lib keeps its texts beside it in `locales/{fr,en,ar}.json`,
 *   under ONE top-level key named like the namespace (`{ "questionnaires": { ... } }`), so that
 *   keys read the same everywhere (`questionnaires.tasks.empty`) and never collide with
 *   `translation`'s. It declares the namespace once, in a small module of its own:
 *
 *     export const QUESTIONNAIRES = defineNamespace('questionnaires', (language) => import(`./locales/${language}.json`));
 *
 *   and its components use `useTranslation(QUESTIONNAIRES)`. The language's file starts loading
 *   when that module is evaluated (its screen's chunk arrived); a component rendered before it
 *   is there suspends (no keys flash: the screen before stays during a navigation), and keys not in the namespace
 *   (`common.retry`) fall back to `translation`. The template import gives one chunk per
 *   language, loaded only by the screens that use it, never by the first screens.
 * - Changing language loads every namespace already in use for the new language before the
 *   switch (i18next's backend), so no screen shows keys meanwhile.
 * - A text in another language than the interface's (a questionnaire shown in Arabic to a
 *   French interface): `useTranslation(ns, { lng, useSuspense: false })`, and wait for `ready`.
 */
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { directionOf, type Language } from '../languages.ts';

type Resources = Record<string, unknown>;
type LanguageLoader = (language: Language) => Promise<{ default: Resources }>;

const DEFAULT_NAMESPACE = 'translation';

const loaders = new Map<string, LanguageLoader>([
  [DEFAULT_NAMESPACE, (language) => ({
    fr: () => import('../../locales/fr.json'),
    en: () => import('../../locales/en.json'),
    ar: () => import('../../locales/ar.json'),
  })[language]()],
]);

/**
 * Declares a namespace and where its texts are, per language. Returns the name for
 * `useTranslation(name)`. Call it at a module's top level, before the namespace is used.
 */
export function defineNamespace<const Name extends string>(name: Name, load: LanguageLoader): Name {
  // Set again when its module is evaluated again (Vite's hot reload); two folders with one name
  // fail tests/unit/client/i18n-namespaces.test.tsx.
  loaders.set(name, load);
  // The module declaring it was just evaluated (its screen's chunk arrived): start loading the
  // texts now rather than at the screen's first render, one round trip sooner.
  const preload = () => void i18n.loadNamespaces(name);
  if (i18n.isInitialized) preload();
  else i18n.on('initialized', preload);
  return name;
}

const backend = resourcesToBackend((language: string, namespace: string) => {
  const load = loaders.get(namespace);
  if (!load) return Promise.reject(new Error(`i18n namespace '${namespace}' is not defined (defineNamespace)`));
  return load(language as Language);
});

export const i18n = i18next.createInstance();

/**
 * Starts loading the shared texts of the language the page will most likely use, while the
 * runtime config (which may change the choice) is still on its way: one round trip sooner on a
 * mobile network (issue 18). A guess that proves wrong costs one small chunk.
 */
export function preloadTexts(language: Language): void {
  loaders.get(DEFAULT_NAMESPACE)!(language).catch(() => {});
}

export function applyDocumentLanguage(language: Language, doc: Document = document) {
  doc.documentElement.lang = language;
  doc.documentElement.dir = directionOf(language);
}

export async function initI18n(language: Language): Promise<void> {
  await i18n.use(backend).use(initReactI18next).init({
    lng: language,
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    // A feature's component asks for its namespace; shared texts (common.*, errors.*) come from here.
    fallbackNS: DEFAULT_NAMESPACE,
    fallbackLng: false,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(language);
}

export async function switchLanguage(language: Language): Promise<void> {
  // changeLanguage loads every namespace in use for `language` before switching.
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

export const currentLanguage = (): Language => i18n.language as Language;
