/** The indicators tab's texts (locales/{fr,en,ar}.json): one chunk per language, loaded with the tab. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const INDICATORS_TAB = defineNamespace('indicatorsTab', (language) => import(`./locales/${language}.json`));
