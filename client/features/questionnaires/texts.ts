/** The questionnaire screens' texts (locales/{fr,en,ar}.json): one chunk per language, loaded by these screens only. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const QUESTIONNAIRES = defineNamespace('questionnaires', (language) => import(`./locales/${language}.json`));
