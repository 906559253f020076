/** The questionnaire screens' texts in fr, en, ar, loaded with them (not with the first screens). */
import { registerFeatureTexts } from '../../lib/i18n/feature-texts.ts';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';

registerFeatureTexts({ fr, en, ar }, 'questionnaires.backToTasks');
