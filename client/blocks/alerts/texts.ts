/** Texts of the dashboard's alert blocks (alerts, non-compliance alerts) and of the activity block: locales/{fr,en,ar}.json. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const DASHBOARD_BLOCKS = defineNamespace('dashboardBlocks', (language) => import(`./locales/${language}.json`));
