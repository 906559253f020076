/**
 * A form for a value described by a JSON schema, for every schema-driven form that is not a
 * questionnaire (block props, the catalogue and administration forms to come): the one
 * JsonSchemaForm underneath (Mantine widgets, validation without eval, messages on the fields in
 * the form's language, numbers kept as typed, nothing filled in that the schema does not give).
 * Controlled: `value` in, every change out; validated as the person types; `errors` are the
 * server's, by field (rjsf's ErrorSchema). No submit button: the screen around it owns the save.
 * Load it lazily: it brings rjsf.
 */
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../languages.ts';
import { JsonSchemaForm } from './json-schema-form.tsx';

export interface SchemaFormProps<T extends object> {
  schema: object;
  uiSchema?: UiSchema;
  value: T;
  onChange(value: T): void;
  /** The server's errors, by field. */
  errors?: ErrorSchema;
  /** Defaults to the interface's. */
  language?: Language;
  readOnly?: boolean;
}

export function SchemaForm<T extends object>({ schema, uiSchema, value, onChange, errors, language, readOnly }: SchemaFormProps<T>) {
  const { i18n } = useTranslation();
  const ui = useMemo<UiSchema>(() => ({ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }), [uiSchema]);
  return (
    <JsonSchemaForm
      language={language ?? (i18n.language as Language)}
      schema={schema as RJSFSchema}
      uiSchema={ui}
      formData={value}
      onChange={(event) => onChange(event.formData as T)}
      extraErrors={errors}
      readonly={readOnly}
      liveValidate="onChange"
    />
  );
}
