/**
 * A questionnaire rendered with rjsf in its language (right to left in Arabic), with its file
 * questions and its computed values. Read-only, it shows a response.
 */
import { Stack, Text } from '@mantine/core';
import type { ErrorSchema, RegistryWidgetsType, RJSFValidationError } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import { JsonSchemaForm } from '../../../lib/json-schema-form/json-schema-form.tsx';
import { useLanguageTexts } from '../../../lib/json-schema-form/use-language-texts.ts';
import { directionOf } from '../../../lib/languages.ts';
import { withFileWidgets } from '../definition/file-questions.ts';
import type { LocalizedForm } from '../definition/localize.ts';
import { FILE_WIDGET, FileUploadWidget } from '../files/file-upload-widget.tsx';
import type { UploadTracker } from '../files/upload-tracker.ts';
import { ComputedValues } from './computed-values.tsx';
import classes from './read-only.module.css';
import type { QuestionnaireFormContext } from './form-context.ts';
import { QUESTIONNAIRES } from '../texts.ts';

const widgets: RegistryWidgetsType = { [FILE_WIDGET]: FileUploadWidget };

export interface QuestionnaireFormProps {
  form: LocalizedForm;
  formData: Record<string, unknown>;
  onChange?: (formData: Record<string, unknown>) => void;
  onSubmit?: (formData: Record<string, unknown>) => void;
  readOnly?: boolean;
  /** Computed values as the server stored them (a response), instead of live ones. */
  storedComputed?: Record<string, unknown> | null;
  extraErrors?: ErrorSchema;
  liveValidate?: boolean;
  /** The form refused the send: the errors it found (rjsf's). */
  onError?: (errors: RJSFValidationError[]) => void;
  uploads?: UploadTracker;
  /** Read-only: where an answer's file can be opened. */
  fileUrl?: (fileId: string) => string;
  /** The patient did something in the form (rjsf also reports changes of its own: defaults at mount). */
  onUserInput?: () => void;
  /** The send buttons; a read-only form has none. */
  children?: ReactNode;
}

export function QuestionnaireForm({ form, formData, onChange, onSubmit, readOnly, storedComputed, extraErrors, liveValidate, onError, uploads, fileUrl, onUserInput, children }: QuestionnaireFormProps) {
  const { t, ready } = useLanguageTexts(form.language, [QUESTIONNAIRES]);
  const uiSchema = useMemo(() => withFileWidgets(form.uiSchema, form.files, FILE_WIDGET), [form]);
  const formContext = useMemo<QuestionnaireFormContext>(() => ({ t, uploads, fileUrl }), [t, uploads, fileUrl]);
  if (!ready) return null;
  return (
    <Stack gap="md" dir={directionOf(form.language)} lang={form.language} className={readOnly ? classes.readOnly : undefined}
      onInputCapture={onUserInput} onPointerDownCapture={onUserInput} onKeyDownCapture={onUserInput}>
      {form.description && <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{form.description}</Text>}
      <JsonSchemaForm
        language={form.language}
        schema={form.schema}
        uiSchema={uiSchema}
        formData={formData}
        widgets={widgets}
        formContext={formContext}
        readonly={readOnly}
        extraErrors={extraErrors}
        liveValidate={liveValidate ? 'onBlur' : undefined}
        onChange={(event) => onChange?.(event.formData as Record<string, unknown>)}
        onSubmit={(event) => onSubmit?.(event.formData as Record<string, unknown>)}
        onError={onError}
      >
        <Stack gap="md" mt="md">
          <ComputedValues form={form} answers={formData} t={t} stored={storedComputed} />
          {readOnly ? <></> : children}
        </Stack>
      </JsonSchemaForm>
    </Stack>
  );
}
