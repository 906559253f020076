import { LANGUAGES } from '../../schemas/common.ts';

export type Language = (typeof LANGUAGES)[number];
export { LANGUAGES };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');
