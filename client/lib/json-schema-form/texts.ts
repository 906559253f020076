/** The form's messages and rjsf's strings in fr, en, ar, loaded with the form (not with the first screens). */
import { registerFeatureTexts } from '../i18n/feature-texts.ts';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

registerFeatureTexts({ fr, en, ar }, 'jsonSchemaForm.errors.required');
