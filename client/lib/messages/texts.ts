/** Texts of what tells about messages outside the messenger: the navigation's badge, the patient home's summary, the dashboard block (locales/{fr,en,ar}.json). */
import { defineNamespace } from '../i18n/i18n.ts';

export const INBOX = defineNamespace('inbox', (language) => import(`./locales/${language}.json`));
