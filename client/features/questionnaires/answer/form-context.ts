import type { JsonSchemaFormContext } from '../../../lib/json-schema-form/theme.tsx';
import type { Translate } from '../../../lib/json-schema-form/cfworker-validator.ts';
import type { UploadTracker } from '../files/upload-tracker.ts';

/** What the questionnaire's own widgets get from the form (rjsf's formContext). */
export interface QuestionnaireFormContext extends JsonSchemaFormContext {
  /** Texts in the questionnaire's language. */
  t: Translate;
  /** Absent when the questionnaire is shown read-only. */
  uploads?: UploadTracker;
  /** Read-only: where an answer's file can be opened (a response of a patient file). */
  fileUrl?: (fileId: string) => string;
}
