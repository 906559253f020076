/** File questions (`files` of the definition) get the upload widget, with what they accept. */
import type { UiSchema } from '@rjsf/utils';
import type { FormDefinition } from '../../../../schemas/form.ts';

export function withFileWidgets(uiSchema: UiSchema, files: NonNullable<FormDefinition['files']>, widget: string): UiSchema {
  if (!files.length) return uiSchema;
  const out: UiSchema = { ...uiSchema };
  for (const question of files) {
    const own = (uiSchema[question.field] ?? {}) as UiSchema;
    out[question.field] = {
      ...own,
      'ui:widget': widget,
      'ui:options': { ...(own['ui:options'] as object | undefined), accept: question.accept, maxSizeMb: question.maxSizeMb ?? 10 },
    };
  }
  return out;
}
