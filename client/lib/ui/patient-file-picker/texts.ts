/** The patient-file picker's texts (locales/{fr,en,ar}.json): one chunk per language, loaded with the dialog. */
import { defineNamespace } from '../../i18n/i18n.ts';

export const PATIENT_FILE_PICKER = defineNamespace('patientFilePicker', (language) => import(`./locales/${language}.json`));
