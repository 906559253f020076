/**
 * A calendar date typed by hand, in the interface's order (JJ/MM/AAAA shown as its hint in French), left to
 * right in every language. The field keeps exactly what was typed; `calendarDateOf` gives the ISO
 * date to send, or the text as typed when it is not a whole date, so the server refuses it on its
 * field instead of the screen dropping or guessing it. The browser's `type="date"` is not used: its
 * order and digits follow the browser's locale, not the interface's (tests/unit/client/dates.test.ts).
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { parseCalendarDate, dateInputHint } from './calendar-input.ts';
import { formatCalendarDate } from './format.ts';
import { useDates } from './use-dates.ts';
import type { Language } from '../languages.ts';

export interface CalendarDateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** What the person typed (start from `typedCalendarDate(iso, language)` for a stored date). */
  value: string;
  onChange(typed: string): void;
}

export function CalendarDateInput({ value, onChange, description, ...props }: CalendarDateInputProps) {
  const { language } = useDates();
  return (
    <TextInput
      {...props}
      dir="ltr"
      inputMode="numeric"
      autoComplete="off"
      placeholder={dateInputHint(language)}
      description={description ?? dateInputHint(language)}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** A stored ISO date as the field shows it ('' for none). */
export const typedCalendarDate = (iso: string | null | undefined, language: Language) => (iso ? withoutBidiMarks(formatCalendarDate(iso, language)) : '');

/**
 * Arabic short dates carry right-to-left marks after each part ("27‏/11‏/2026"): right for a date in a
 * sentence, but in this left-to-right field they reorder what was typed ("272026/11/").
 */
const withoutBidiMarks = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');

/** What to send for what was typed: the ISO date, or the text itself when it is not a whole date (the server says why on the field). */
export const calendarDateOf = (typed: string, language: Language) => parseCalendarDate(typed, language) ?? typed;
