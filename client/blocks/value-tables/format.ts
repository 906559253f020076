/**
 * How the tab writes a value: as stored, every decimal kept (a value is never rounded behind the
 * clinician's back), in the interface's digits; an indicator's name in the interface's language.
 */
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';
import { formatNumber, upTo } from '../../lib/i18n/use-number.ts';
import type { Language } from '../../lib/languages.ts';

export const valueText = (value: number, language: Language) => formatNumber(language, value, upTo(10));

export const nameOf = (name: LocalizedText, language: string) => textIn(name, language) ?? '';
