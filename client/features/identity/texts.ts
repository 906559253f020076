/** The identity feature's texts (locales/{fr,en,ar}.json): the Identity tab, the document screen, the document types. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const IDENTITY = defineNamespace('identity', (language) => import(`./locales/${language}.json`));
