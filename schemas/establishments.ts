import type { FromSchema } from 'json-schema-to-ts';
import { listProperties, localeQueryProperties, PAGE_SIZES, uuidSchema } from './common.ts';

export const establishmentSchema = {
  type: 'object',
  required: ['id', 'identifier', 'name', 'professionalDirectoryEnabled', 'services'],
  additionalProperties: false,
  properties: {
    id: uuidSchema,
    identifier: { type: 'string' },
    name: { type: 'string' },
    brand: { type: ['string', 'null'] },
    professionalDirectoryEnabled: { type: 'boolean' },
    services: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        additionalProperties: false,
        properties: { id: uuidSchema, name: { type: 'string' } },
      },
    },
  },
} as const;
export type Establishment = FromSchema<typeof establishmentSchema>;

export const ESTABLISHMENT_SORT_FIELDS = ['name', 'identifier'] as const;
/** The structures picker loads them all at once, 999 per page (spec 001 §7), beside the usual sizes. */
export const ESTABLISHMENT_PAGE_SIZES = [...PAGE_SIZES, 999] as const;

export const establishmentListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: ESTABLISHMENT_SORT_FIELDS, defaultSort: 'name', pageSizes: ESTABLISHMENT_PAGE_SIZES }),
  },
} as const;
export type EstablishmentListQuery = FromSchema<typeof establishmentListQuerySchema>;

/** The most days back an establishment may accept late values (ten years). */
export const LATE_MEASURE_MAX_DAYS = 3650;

/**
 * How an establishment takes in measures (issue 18): `lateMeasureMaxDays`, a measure dated more
 * than that many days before it reaches the platform is refused (a device resending its memory);
 * null: only the file's start bounds it.
 */
/** The longest delay an establishment may give patients to correct a value they typed: one day. */
export const MEASURE_CORRECTION_MAX_MINUTES = 1440;

export const measureSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['lateMeasureMaxDays', 'measureCorrectionMinutes'],
  properties: {
    lateMeasureMaxDays: {
      type: ['integer', 'null'], minimum: 1, maximum: LATE_MEASURE_MAX_DAYS,
      description: 'Values measured more than this many days before they are received are refused; null: no bound but the file start',
    },
    measureCorrectionMinutes: {
      type: 'integer', minimum: 0, maximum: MEASURE_CORRECTION_MAX_MINUTES,
      description: 'Minutes during which a patient (or caregiver) may correct or withdraw a value they typed; 0: never, the care team marks it entered in error',
    },
  },
} as const;
export type MeasureSettings = FromSchema<typeof measureSettingsSchema>;
