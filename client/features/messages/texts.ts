/** The messenger's texts (locales/{fr,en,ar}.json): the patient's screen and the file's Messages tab; one chunk per language. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const MESSAGES = defineNamespace('messages', (language) => import(`./locales/${language}.json`));
