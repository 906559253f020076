/** The documents' texts (locales/{fr,en,ar}.json): the patient's screens and the file's tab; one chunk per language. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const DOCUMENTS = defineNamespace('documents', (language) => import(`./locales/${language}.json`));
