/** The shared chart's texts (locales/{fr,en,ar}.json): loaded with the first chart. */
import { defineNamespace } from '../i18n/i18n.ts';

export const CHARTS = defineNamespace('charts', (language) => import(`./locales/${language}.json`));
