/** The date formats of the screen: the interface's language and the session's time zone. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../languages.ts';
import { useSessionData } from '../session/use-session.ts';
import { formatCalendarDate, formatDateTime, formatDay, formatTime, type DateStyle } from './format.ts';

export function useDates() {
  const { i18n } = useTranslation();
  const { me } = useSessionData();
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const timeZone = me.timezone;
  return useMemo(() => ({
    language,
    timeZone,
    dateTime: (value: Date | string, style?: DateStyle) => formatDateTime(value, language, timeZone, style),
    day: (value: Date | string, style?: DateStyle) => formatDay(value, language, timeZone, style),
    time: (value: Date | string) => formatTime(value, language, timeZone),
    calendarDate: (value: string, style?: DateStyle) => formatCalendarDate(value, language, style),
  }), [language, timeZone]);
}
