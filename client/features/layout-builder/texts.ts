/** The layout editor's texts (locales/{fr,en,ar}.json): one chunk per language, loaded by the editor only. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const LAYOUT_BUILDER = defineNamespace('layoutBuilder', (language) => import(`./locales/${language}.json`));
