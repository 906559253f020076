import type { FromSchema } from 'json-schema-to-ts';
import { languageSchema } from './common.ts';

export const authPageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    l: languageSchema,
    targetUrl: { type: 'string', maxLength: 2000, description: 'Same-origin address to return to' },
    branding: { type: 'string', maxLength: 63, description: 'Brand slug that styles the page' },
  },
} as const;
export type AuthPageQuery = FromSchema<typeof authPageQuerySchema>;

export const loginBodySchema = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 180, format: 'email' },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    targetUrl: { type: 'string', maxLength: 2000 },
    branding: { type: 'string', maxLength: 63 },
  },
} as const;
export type LoginBody = FromSchema<typeof loginBodySchema>;

export const loginResponseSchema = {
  type: 'object',
  required: ['redirectTo'],
  additionalProperties: false,
  properties: { redirectTo: { type: 'string' } },
} as const;
