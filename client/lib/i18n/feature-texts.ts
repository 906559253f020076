/**
 * Texts that live beside a lazily loaded feature (its own locales/{fr,en,ar}.json) join
 * i18next's resources when the feature's chunk loads, so that the first screens' locale files
 * do not carry them. A language loaded later (the user switches, or a questionnaire is shown in
 * another language) gets them as soon as its main bundle arrives.
 */
import { i18n } from './i18n.ts';

export function registerFeatureTexts(bundles: Record<string, object>, probeKey: string): void {
  const add = (language: string) => {
    const texts = bundles[language];
    // Adding a bundle before the language's own would make i18next believe that language loaded.
    if (!texts || !i18n.hasResourceBundle(language, 'translation') || i18n.getResource(language, 'translation', probeKey) !== undefined) return;
    i18n.addResourceBundle(language, 'translation', texts, true, false);
  };
  const attach = () => {
    for (const language of Object.keys(bundles)) add(language);
    i18n.store.on('added', (language: string) => add(language));
  };
  // A route module can load while i18next is still starting (the first screen's modules load
  // beside the session check): its store does not exist yet.
  if (i18n.isInitialized && i18n.store) attach();
  else i18n.on('initialized', attach);
}
