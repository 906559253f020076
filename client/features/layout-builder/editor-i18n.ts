/**
 * The editor's texts live beside it (locales/{fr,en,ar}.json) and join i18next's resources when
 * its chunk loads, so that the first screens' locale files do not carry them. A language loaded
 * later (the user switches) gets them as soon as its main bundle arrives.
 */
import { i18n } from '../../lib/i18n/i18n.ts';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

const bundles: Record<string, object> = { fr, en, ar };

function addEditorTexts(language: string) {
  const texts = bundles[language];
  // Adding a bundle before the language's own would make i18next believe that language loaded.
  if (!texts || !i18n.hasResourceBundle(language, 'translation') || i18n.getResource(language, 'translation', 'layoutBuilder.title')) return;
  i18n.addResourceBundle(language, 'translation', texts, true, false);
}

for (const language of Object.keys(bundles)) addEditorTexts(language);
i18n.store.on('added', (language: string) => addEditorTexts(language));
