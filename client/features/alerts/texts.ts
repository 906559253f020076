/** The alerts screens' texts (locales/{fr,en,ar}.json): one chunk per language, loaded with the screens. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const ALERTS = defineNamespace('alerts', (language) => import(`./locales/${language}.json`));
