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

/**
 * A localised text as a person reads it, on the client and the server alike: the text of
 * `language`, else the French one (the one every text has), else the first one given. An empty
 * translation counts as missing.
 */
export function textIn(text: LocalizedText | Partial<Record<string, string>> | undefined, language: string): string | undefined {
  if (text === undefined) return undefined;
  if (typeof text === 'string') return text;
  const texts = text as Partial<Record<string, string>>;
  return texts[language] || texts.fr || Object.values(texts).find((value) => typeof value === 'string' && value !== '');
}
