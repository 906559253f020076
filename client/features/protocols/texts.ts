/** The medical protocols' texts (locales/{fr,en,ar}.json): one chunk per language, loaded with the screen or the tab. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const PROTOCOLS = defineNamespace('protocols', (language) => import(`./locales/${language}.json`));
