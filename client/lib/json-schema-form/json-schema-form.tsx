/**
 * The one rjsf form of the application (questionnaires, block props): Mantine widgets, the
 * validator that works under the strict CSP, messages and rjsf's own strings in the form's
 * language, numbers with its decimal separator. Browser validation is off (noHtml5Validate):
 * the browser would speak the interface's language, not the form's, and check less.
 * Nothing is answered for the patient: only a schema's `default` fills a new form
 * (no-answer-defaults.ts, hidden-const-defaults.ts).
 * Load it lazily: it brings rjsf and @mantine/dates.
 */
import Form, { withTheme, type FormProps } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { forwardRef, useMemo } from 'react';
import { decimalSeparatorOf, formatNumber, upTo } from '../i18n/use-number.ts';
import { directionOf, type Language } from '../languages.ts';
import { createCfworkerValidator } from './cfworker-validator.ts';
import { withHiddenConstDefaults } from './hidden-const-defaults.ts';
import { NO_ANSWER_DEFAULTS } from './no-answer-defaults.ts';
import { stringTranslator } from './strings.ts';
import { theme, type JsonSchemaFormContext } from './theme.tsx';
import { useLanguageTexts } from './use-language-texts.ts';
import classes from './json-schema-form.module.css';

const ThemedForm = withTheme(theme);

export type JsonSchemaFormProps = Omit<FormProps, 'validator' | 'translateString'> & {
  /** The language of the form's texts and messages (may differ from the interface's). */
  language: Language;
};


export const JsonSchemaForm = forwardRef<Form, JsonSchemaFormProps>(function JsonSchemaForm({ language, formContext, ...props }, ref) {
  const { t, ready } = useLanguageTexts(language);
  const validator = useMemo<ValidatorType>(() => {
    return createCfworkerValidator(t, (n) => formatNumber(language, n, upTo(6)));
  }, [t, language]);
  const translateString = useMemo(() => stringTranslator(t), [t]);
  const context = useMemo<JsonSchemaFormContext>(() => ({ language, decimalSeparator: decimalSeparatorOf(language), translate: t, ...formContext }), [language, t, formContext]);
  const schema = useMemo(() => withHiddenConstDefaults(props.schema, props.uiSchema), [props.schema, props.uiSchema]);
  if (!ready) return null;
  return (
    <div dir={directionOf(language)} lang={language} className={classes.form}>
      <ThemedForm
        ref={ref}
        noHtml5Validate
        showErrorList={false}
        focusOnFirstError
        {...props}
        schema={schema}
        experimental_defaultFormStateBehavior={{ ...NO_ANSWER_DEFAULTS, ...props.experimental_defaultFormStateBehavior }}
        formContext={context}
        validator={validator}
        translateString={translateString}
      />
    </div>
  );
});
