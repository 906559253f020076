import type { FromSchema } from 'json-schema-to-ts';

const colour = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } as const;
const KEYS = ['primary', 'secondary', 'accent', 'dark', 'positive', 'negative', 'info', 'warning'] as const;

/** A light or dark colour set: every key of spec 001 §3 is required. */
export const colourSetSchema = {
  type: 'object',
  required: KEYS,
  additionalProperties: false,
  properties: Object.fromEntries(KEYS.map((k) => [k, colour])) as Record<(typeof KEYS)[number], typeof colour>,
} as const;

export const themeSchema = {
  $id: 'theme',
  title: 'Establishment theme',
  type: 'object',
  required: ['light', 'dark'],
  additionalProperties: false,
  properties: { $schema: { type: 'string' }, light: colourSetSchema, dark: colourSetSchema },
} as const;

export type Theme = FromSchema<typeof themeSchema>;
