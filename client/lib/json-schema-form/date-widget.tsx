/**
 * A date question (`format: date`) written the interface's way: 01/11/2026 in French and
 * English (day first), Arabic digits in Arabic, a calendar whose weeks start on the language's
 * first day. The native <input type=date> followed the browser's locale instead (mm/dd/yyyy in
 * a French form on an American browser). The value stays YYYY-MM-DD.
 *
 * What is typed is never corrected behind the patient's back: the widget owns the text it shows.
 * Mantine's DateInput kept its own copy of the text and rewrote it from its last date whenever
 * it re-rendered with the dropdown closed (a refused send showed 01/11/1990 again while the form
 * held "31/02/1990"). Here the field shows exactly what was typed; text that is not a date goes
 * to the form as is, so the validator says "enter a valid date" on the question. A date chosen
 * in the calendar, or a value set from outside (a restored draft), is written the interface's way.
 */
import 'dayjs/locale/ar';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import { Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { dateInputFormat, dateInputHint, parseCalendarDate } from '../dates/calendar-input.ts';
import { localeSettings } from '../i18n/locale-settings.ts';
import type { Language } from '../languages.ts';
import type { JsonSchemaFormContext } from './form-context.ts';

const DAYJS_LOCALES: Record<Language, string> = { fr: 'fr', en: 'en-gb', ar: 'ar' };

/** The form's value as the field writes it: a date the interface's way, anything else as is. */
export function dateText(value: unknown, language: Language): string {
  if (typeof value !== 'string') return '';
  if (parseCalendarDate(value, language) !== value) return value;
  return dayjs(value).locale(DAYJS_LOCALES[language]).format(dateInputFormat(language));
}

/** The form's value for what is typed: a date as YYYY-MM-DD, nothing as no answer, else the text. */
export function dateValue(text: string, language: Language): string | undefined {
  if (text.trim() === '') return undefined;
  return parseCalendarDate(text, language) ?? text;
}

const calendarId = (id: string) => `${id}__calendar`;

export function DateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, rawErrors, onChange, onBlur, onFocus, options, schema, registry } = props;
  const { language = 'fr', translate } = (registry.formContext ?? {}) as JsonSchemaFormContext;
  const [text, setText] = useState(() => dateText(value, language));
  const [opened, setOpened] = useState(false);
  const iso = typeof value === 'string' && parseCalendarDate(value, language) === value ? value : null;
  // A value set from outside wins; the form's echo of what was typed keeps the text as typed.
  useEffect(() => {
    setText((current) => (dateValue(current, language) === (value ?? undefined) ? current : dateText(value, language)));
  }, [value, language]);
  // The calendar opens on the month of the date typed or chosen, and follows what is typed.
  const [month, setMonth] = useState<string | undefined>(iso ?? undefined);
  useEffect(() => { if (iso) setMonth(iso); }, [iso]);
  const locked = disabled || readonly;

  return (
    // withRoles={false}: Popover.Target would give the input an id of Mantine's own, so the
    // question's id (the error summary's link, the label's `for`, aria-describedby) would lead nowhere.
    <Popover opened={opened && !locked} onChange={setOpened} position="bottom-start" trapFocus={false} returnFocus={false} withinPortal withRoles={false}>
      <Popover.Target>
        <TextInput
          id={id} name={id} required={required} disabled={locked}
          label={labelValue(label || undefined, hideLabel, false)}
          description={hideLabel ? undefined : (options.description as string | undefined) ?? schema.description}
          error={rawErrors?.length ? rawErrors.join('\n') : undefined}
          value={text}
          placeholder={dateInputHint(language)}
          autoComplete="off"
          onChange={(event) => { const next = event.currentTarget.value; setText(next); setOpened(true); onChange(dateValue(next, language)); }}
          onFocus={() => { setOpened(true); onFocus(id, value); }}
          onClick={() => setOpened(true)}
          onBlur={() => onBlur(id, value)}
          onKeyDown={(event) => { if (event.key === 'Escape') setOpened(false); }}
          aria-describedby={ariaDescribedByIds(id)}
          aria-haspopup="dialog"
          aria-expanded={opened && !locked}
          aria-controls={opened && !locked ? calendarId(id) : undefined}
        />
      </Popover.Target>
      <Popover.Dropdown id={calendarId(id)} onMouseDown={(event) => event.preventDefault()}>
        <DatePicker
          value={iso}
          date={month}
          onDateChange={setMonth}
          allowDeselect
          locale={DAYJS_LOCALES[language]}
          firstDayOfWeek={localeSettings(language).firstDayOfWeek}
          onChange={(next) => { setText(dateText(next ?? undefined, language)); setOpened(false); onChange(next ?? undefined); }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
