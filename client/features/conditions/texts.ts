/** The conditions' texts (locales/{fr,en,ar}.json): the Conditions tab and the condition screen, one chunk per language. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const CONDITIONS = defineNamespace('conditions', (language) => import(`./locales/${language}.json`));
