/** The list table's texts (locales/{fr,en,ar}.json): one chunk per language, loaded by the screens that show a list. */
import { defineNamespace } from '../../i18n/i18n.ts';

export const DATA_TABLE = defineNamespace('dataTable', (language) => import(`./locales/${language}.json`));
