import type { FromSchema } from 'json-schema-to-ts';

/** Text an integrator writes once for every language, or a single string used in all of them. */
export const localizedTextSchema = {
  oneOf: [
    { type: 'string', maxLength: 10000 },
    {
      type: 'object',
      required: ['fr'],
      additionalProperties: false,
      properties: {
        fr: { type: 'string', maxLength: 10000 },
        en: { type: 'string', maxLength: 10000 },
        ar: { type: 'string', maxLength: 10000 },
      },
    },
  ],
} as const;
export type LocalizedText = FromSchema<typeof localizedTextSchema>;
