/** The education screen's texts (locales/{fr,en,ar}.json): one chunk per language, loaded with the screen. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const EDUCATION = defineNamespace('education', (language) => import(`./locales/${language}.json`));
