/**
 * How the tab writes a value: as stored, every decimal kept (a value is never rounded behind the
 * clinician's back), in the interface's digits; an indicator's name in the interface's language.
 */
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';

export const valueText = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 10 }).format(value);

export const nameOf = (name: LocalizedText, language: string) => textIn(name, language) ?? '';
