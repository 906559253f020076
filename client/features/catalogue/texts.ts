/** The catalogue screens' texts (locales/{fr,en,ar}.json): indicators, types and units; alert statuses and levels; indicators visibility. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const CATALOGUE = defineNamespace('catalogue', (language) => import(`./locales/${language}.json`));
