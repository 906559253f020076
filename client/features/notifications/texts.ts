/** The notifications' texts (locales/{fr,en,ar}.json): the bell, its list, the notifications manager; one chunk per language. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const NOTIFICATIONS = defineNamespace('notifications', (language) => import(`./locales/${language}.json`));
