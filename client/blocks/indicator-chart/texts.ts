/** The indicator-chart block's texts (locales/{fr,en,ar}.json), loaded with the block. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const INDICATOR_CHART_BLOCK = defineNamespace('indicatorChartBlock', (language) => import(`./locales/${language}.json`));
