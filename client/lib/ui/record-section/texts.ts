/** The reference-catalogue section's texts (locales/{fr,en,ar}.json), loaded with the back-office screens that show one. */
import { defineNamespace } from '../../i18n/i18n.ts';

export const RECORDS = defineNamespace('records', (language) => import(`./locales/${language}.json`));
