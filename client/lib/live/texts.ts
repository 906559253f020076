/** The live cue's texts (locales/{fr,en,ar}.json). */
import { defineNamespace } from '../i18n/i18n.ts';

export const LIVE = defineNamespace('live', (language) => import(`./locales/${language}.json`));
