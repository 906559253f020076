import type { FromSchema } from 'json-schema-to-ts';
import { pageQuerySchema, uuidSchema } from './common.ts';

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

export const ESTABLISHMENT_SORTS = ['name', '-name', 'identifier', '-identifier'] as const;

export const establishmentListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pageQuerySchema.properties,
    sort: { type: 'string', enum: ESTABLISHMENT_SORTS, default: 'name' },
  },
} as const;
export type EstablishmentListQuery = FromSchema<typeof establishmentListQuerySchema>;
