/** The password change's texts (locales/{fr,en,ar}.json), loaded with the dialog. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const CHANGE_PASSWORD = defineNamespace('changePassword', (language) => import(`./locales/${language}.json`));
