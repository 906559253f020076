/**
 * How the tab writes a value: as stored, every decimal kept (a value is never rounded behind the
 * clinician's back), in the interface's digits; an indicator's name in the interface's language.
 */
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';
import { quantityText } from '../../lib/i18n/quantity.ts';
import { upTo } from '../../lib/i18n/use-number.ts';
import type { Language } from '../../lib/languages.ts';

/** A value, with its unit when given, kept with its sign in a right-to-left line (lib/i18n/quantity.ts). */
export const valueText = (value: number, language: Language, unit?: string) => quantityText(language, value, { format: upTo(10), unit });

export const nameOf = (name: LocalizedText, language: string) => textIn(name, language) ?? '';
