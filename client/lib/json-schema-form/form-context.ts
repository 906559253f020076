import type { Language } from '../languages.ts';

/** What JsonSchemaForm hands every widget and template (rjsf's formContext). */
export interface JsonSchemaFormContext {
  /** The form's language (dates, numbers and messages are written its way). */
  language?: Language;
  /** Decimal separator of the form's language. */
  decimalSeparator?: string;
  /** Texts in the form's language (JsonSchemaForm sets it). */
  translate?: (key: string, options?: Record<string, unknown>) => string;
  [key: string]: unknown;
}
