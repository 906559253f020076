/** The names of the kinds of therapeutic content (locales/{fr,en,ar}.json), read by the monitoring and education screens and the library. */
import { defineNamespace } from '../i18n/i18n.ts';

export const EDUCATION_KINDS = defineNamespace('educationKinds', (language) => import(`./locales/${language}.json`));
