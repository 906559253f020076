/** The value table's texts (the summary block and the indicators tab): one chunk per language. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const VALUE_TABLES = defineNamespace('valueTables', (language) => import(`./locales/${language}.json`));
