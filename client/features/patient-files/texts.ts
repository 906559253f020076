/** The patient-file list's texts (locales/{fr,en,ar}.json): one chunk per language, loaded with the list. */
import { defineNamespace } from '../../lib/i18n/i18n.ts';

export const PATIENT_FILES = defineNamespace('patientFiles', (language) => import(`./locales/${language}.json`));
