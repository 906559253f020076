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

/**
 * The first-login step (server/auth/first-login.ts): the password the user chooses instead of
 * the temporary one, and its confirmation. A missing or empty field is "required"; the minimum
 * length (12, as passwordChangeBodySchema), the confirmation and "not the temporary password"
 * are checked by the route so that each gets its own message on its field.
 */
export const firstLoginBodySchema = {
  type: 'object',
  required: ['newPassword', 'confirmation'],
  additionalProperties: false,
  properties: {
    newPassword: { type: 'string', minLength: 1, maxLength: 1024 },
    confirmation: { type: 'string', minLength: 1, maxLength: 1024 },
    targetUrl: { type: 'string', maxLength: 2000 },
    branding: { type: 'string', maxLength: 63 },
  },
} as const;
export type FirstLoginBody = FromSchema<typeof firstLoginBodySchema>;
