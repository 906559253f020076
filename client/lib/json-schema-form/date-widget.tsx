/**
 * A date question (`format: date`) written the interface's way: 01/11/2026 in French and
 * English (day first), Arabic digits in Arabic, a calendar whose weeks start on the language's
 * first day. The native <input type=date> followed the browser's locale instead (mm/dd/yyyy in
 * a French form on an American browser). Mantine's DateInput keeps keyboard entry; the value
 * stays YYYY-MM-DD. What is typed is never corrected behind the patient's back: text that is not
 * a date stays in the field and goes to the form as is, so the validator says "enter a valid
 * date" on the question (DateInput would keep the previous date, or fix the text on blur).
 */
import 'dayjs/locale/ar';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import { DateInput } from '@mantine/dates';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';
import { createElement, type FormEvent } from 'react';
import { dateInputFormat, parseCalendarDate } from '../dates/calendar-input.ts';
import { localeSettings } from '../i18n/locale-settings.ts';
import type { Language } from '../languages.ts';
import type { JsonSchemaFormContext } from './theme.tsx';

const DAYJS_LOCALES: Record<Language, string> = { fr: 'fr', en: 'en-gb', ar: 'ar' };

export function DateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, rawErrors, onChange, onBlur, onFocus, options, schema, registry } = props;
  const { language = 'fr', translate } = (registry.formContext ?? {}) as JsonSchemaFormContext;
  const iso = typeof value === 'string' && parseCalendarDate(value, language) === value ? value : null;
  // Text that is not (yet) a date: the form holds it as typed; a date is DateInput's onChange.
  const onInputCapture = (event: FormEvent) => {
    const text = (event.target as HTMLInputElement).value;
    if (text.trim() !== '' && !parseCalendarDate(text, language)) onChange(text);
  };
  return createElement('div', { onInputCapture, style: { display: 'contents' } }, createElement(DateInput, {
    id, name: id, required,
    disabled: disabled || readonly,
    label: labelValue(label || undefined, hideLabel, false),
    description: hideLabel ? undefined : (options.description as string | undefined) ?? schema.description,
    error: rawErrors?.length ? rawErrors.join('\n') : undefined,
    value: iso,
    onChange: (next: string | null) => onChange(next ?? undefined),
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
    valueFormat: dateInputFormat(language),
    dateParser: (text: string) => parseCalendarDate(text, language) ?? null,
    locale: DAYJS_LOCALES[language],
    firstDayOfWeek: localeSettings(language).firstDayOfWeek,
    placeholder: translate?.('jsonSchemaForm.strings.datePlaceholder'),
    fixOnBlur: false,
    clearable: !readonly && !disabled,
    allowDeselect: true,
    'aria-describedby': ariaDescribedByIds(id),
  }));
}
