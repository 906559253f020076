/** The patient-file history's texts (the history tab, the alert context) (locales/{fr,en,ar}.json): one chunk per language, loaded with the tab. */
import { defineNamespace } from '../i18n/i18n.ts';

export const PATIENT_FILE_HISTORY = defineNamespace('patientFileHistory', (language) => import(`./locales/${language}.json`));
