/** The patient creation and profile screen's texts (locales/{fr,en,ar}.json), loaded with the screen. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const PATIENT_PROFILE = defineNamespace('patientProfile', (language) => import(`./locales/${language}.json`));
