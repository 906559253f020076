/**
 * Form types (spec 001 §3, §8): how an establishment sorts its questionnaires, a tab of the back
 * office's surveys screen. A name in up to three languages, the French one required and unique in
 * the establishment whatever its case (409 NOT_UNIQUE_ERROR on body.name).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { catalogueNameSchema } from './catalogue.ts';
import { uuidSchema } from './common.ts';

export const formTypeSchema = {
  type: 'object', additionalProperties: false, required: ['id', 'establishmentId', 'name'],
  properties: { id: uuidSchema, establishmentId: uuidSchema, name: catalogueNameSchema },
} as const;
export type FormType = FromSchema<typeof formTypeSchema>;

export const formTypeBodySchema = {
  type: 'object', additionalProperties: false, required: ['name'], properties: { name: catalogueNameSchema },
} as const;
export type FormTypeBody = FromSchema<typeof formTypeBodySchema>;
