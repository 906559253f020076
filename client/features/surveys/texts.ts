/** The back office's questionnaires screen's texts (locales/{fr,en,ar}.json). */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const SURVEYS = defineNamespace('surveys', (language) => import(`./locales/${language}.json`));
