import type { FormDefinition } from '../../../../schemas/form.ts';

/**
 * The API answers a questionnaire's definition as an opaque object (its schema is published
 * apart, at /ui/schemas/form); the server checked it against that schema when the version was
 * stored, so the client reads it as a FormDefinition. The one place that says so.
 */
export const withFormDefinition = <T extends { definition: Record<string, unknown> }>(item: T): Omit<T, 'definition'> & { definition: FormDefinition } =>
  ({ ...item, definition: item.definition as unknown as FormDefinition });
