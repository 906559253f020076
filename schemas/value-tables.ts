/**
 * The value table of a patient file (issue 11 §6, spec 001 §7 `indicator_values_table_settings`
 * {indicators, startDate}): rows are the days from `startDate` (or the last 14 days) to today,
 * in the caller's time zone, columns the chosen indicators, and each cell every value of that day
 * as it was stored (never an average: a clinician reads what was measured), newest last, those
 * that raised an alert marked with the alert's level colour.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, localeQueryProperties, uuidSchema } from './common.ts';
import { indicatorLabelSchema } from './chart-displays.ts';
import { alertColourSchema } from './telemonitoring.ts';
import { enteredInErrorSchema } from './measures.ts';
import { recordId } from './api/record-id.ts';

/** Without a start date, the table shows this many days up to today. */
export const VALUE_TABLE_DEFAULT_DAYS = 14;
/** At most this many days in one table (a year and a day): an older start date shows its first year. */
export const VALUE_TABLE_MAX_DAYS = 366;
export const VALUE_TABLE_MAX_INDICATORS = 20;

const calendarDateSchema = { type: 'string', format: 'date' } as const;

export const valueTableSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['indicators', 'startDate'],
  properties: {
    /** Indicator ids of the file's establishment, in the column order chosen; empty: every indicator. */
    indicators: { type: 'array', items: recordId('indicator'), maxItems: VALUE_TABLE_MAX_INDICATORS, uniqueItems: true },
    /** The first day shown; null: the last 14 days. */
    startDate: { anyOf: [calendarDateSchema, { type: 'null' }] },
  },
} as const;
export type ValueTableSettings = FromSchema<typeof valueTableSettingsSchema>;

export const valueTableQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    /** Indicator references, comma-separated (a layout's value-tables block); absent: the file's settings. */
    indicators: { type: 'string', maxLength: 2000 },
    /** The first day; absent: the file's settings. */
    startDate: calendarDateSchema,
  },
} as const;
export type ValueTableQuery = FromSchema<typeof valueTableQuerySchema>;

const cellValueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'value', 'measuredAt', 'alertColour', 'enteredInError'],
  properties: {
    id: uuidSchema,
    /** In the indicator's unit, as stored. */
    value: { type: 'number' },
    measuredAt: dateTimeSchema,
    /** The colour of the most urgent alert this value raised; null: none (and none for a value entered in error: its alerts are closed). */
    alertColour: { anyOf: [alertColourSchema, { type: 'null' }] },
    /** Marked entered in error (shown struck, with who, when and why); null: a value that counts. */
    enteredInError: enteredInErrorSchema,
  },
} as const;
export type ValueTableValue = FromSchema<typeof cellValueSchema>;

export const valueTableSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'timeZone', 'indicators', 'rows'],
  properties: {
    from: calendarDateSchema,
    to: calendarDateSchema,
    /** The time zone the days are counted in (the caller's). */
    timeZone: { type: 'string' },
    indicators: { type: 'array', items: indicatorLabelSchema },
    /** One per day, newest first; `cells[i]` are the values of `indicators[i]` that day, oldest first. */
    rows: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'cells'],
        properties: {
          date: calendarDateSchema,
          cells: { type: 'array', items: { type: 'array', items: cellValueSchema } },
        },
      },
    },
  },
} as const;
export type ValueTable = FromSchema<typeof valueTableSchema>;
