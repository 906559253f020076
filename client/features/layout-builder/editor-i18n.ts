/**
 * The editor's texts live beside it (locales/{fr,en,ar}.json) and join i18next's resources when
 * the editor first renders, so that the first screens' locale files do not carry them. A
 * language loaded later (the user switches) gets them as soon as its main bundle arrives.
 */
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

const bundles: Record<string, object> = { fr, en, ar };
const watched = new WeakSet<I18n>();

function addEditorTexts(i18n: I18n, language: string) {
  const texts = bundles[language];
  // Adding a bundle before the language's own would make i18next believe that language loaded.
  if (!texts || !i18n.hasResourceBundle(language, 'translation') || i18n.getResource(language, 'translation', 'layoutBuilder.title')) return;
  i18n.addResourceBundle(language, 'translation', texts, true, false);
}

/** Called at the top of the editor's screen: its texts are there before its children render. */
export function useEditorTexts() {
  const { i18n } = useTranslation();
  if (!watched.has(i18n)) {
    watched.add(i18n);
    for (const language of Object.keys(bundles)) addEditorTexts(i18n, language);
    i18n.store.on('added', (language: string) => addEditorTexts(i18n, language));
  }
}
