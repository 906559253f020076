/**
 * Files whose thresholds raise nothing (issue 18, the dashboard's "inactive thresholds" block):
 * the open patient files the caller follows in an establishment where a threshold in force is
 * inactive — relative, and the file has no reference value for its indicator (none of its own,
 * none global) — with those indicators, the newest file first. Setting the reference value in the
 * file's indicators tab takes the file off the list.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countSchema, DEFAULT_PAGE_SIZE, localeQueryProperties, PAGE_SIZES, pageOf, positiveIntegerSchema, uuidSchema } from './common.ts';
import { localizedTextSchema } from './localized-text.ts';
import { BOUNDARY_INACTIVE_REASONS } from './telemonitoring.ts';

export const inactiveThresholdsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    page: { ...positiveIntegerSchema, default: 1 },
    pageSize: { type: 'integer', enum: PAGE_SIZES, default: DEFAULT_PAGE_SIZE },
  },
} as const;
export type InactiveThresholdsQuery = FromSchema<typeof inactiveThresholdsQuerySchema>;

export const inactiveThresholdsRowSchema = {
  type: 'object',
  required: ['patientFileId', 'patient', 'service', 'indicators'],
  additionalProperties: false,
  properties: {
    patientFileId: uuidSchema,
    patient: {
      type: 'object', required: ['id', 'firstName', 'lastName'], additionalProperties: false,
      properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } },
    },
    service: { type: 'object', required: ['id', 'name'], additionalProperties: false, properties: { id: uuidSchema, name: { type: 'string' } } },
    indicators: {
      type: 'array',
      minItems: 1,
      description: 'The indicators whose thresholds in force are inactive on this file, by French name',
      items: {
        type: 'object', required: ['id', 'reference', 'name', 'inactiveBoundaries', 'reason'], additionalProperties: false,
        properties: {
          id: uuidSchema, reference: { type: 'string' }, name: localizedTextSchema,
          inactiveBoundaries: { ...countSchema, minimum: 1, description: 'How many of its thresholds in force are inactive' },
          reason: { type: 'string', enum: BOUNDARY_INACTIVE_REASONS },
        },
      },
    },
  },
} as const;
export type InactiveThresholdsRow = FromSchema<typeof inactiveThresholdsRowSchema>;

export const inactiveThresholdsPageSchema = pageOf(inactiveThresholdsRowSchema);
