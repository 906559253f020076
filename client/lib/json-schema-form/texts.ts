/** The form's messages and rjsf's strings (locales/{fr,en,ar}.json): one chunk per language, loaded with the form. */
import { defineNamespace } from '../i18n/i18n.ts';

export const JSON_SCHEMA_FORM = defineNamespace('jsonSchemaForm', (language) => import(`./locales/${language}.json`));
