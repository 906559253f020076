/** Texts of a value entered in error, wherever values are listed (locales/{fr,en,ar}.json). */
import { defineNamespace } from '../i18n/i18n.ts';

export const ENTERED_IN_ERROR = defineNamespace('enteredInError', (language) => import(`./locales/${language}.json`));
