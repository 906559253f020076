/** The questionnaire responses list's texts (locales/{fr,en,ar}.json), loaded with the list. */
import { defineNamespace } from '../i18n/i18n.ts';

export const FORM_RESPONSES = defineNamespace('formResponses', (language) => import(`./locales/${language}.json`));
