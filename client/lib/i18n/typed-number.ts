/**
 * A number as a person types it: a comma or a dot as the decimal separator (French writes 72,5),
 * Arabic-Indic digits and the Arabic decimal separator read as the same number. Nothing is
 * rounded or clamped; anything else is not a number (undefined), said on the field.
 */
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function typedNumber(text: string): number | undefined {
  const ascii = text.trim()
    .replace(ARABIC_DIGITS, (d) => String((d.codePointAt(0)! - 0x0660) % 0x90))
    .replace(/[,\u066B]/, '.')
    .replace(/^\u2212/, '-');
  if (!/^-?\d+(\.\d+)?$/.test(ascii)) return undefined;
  return Number(ascii);
}
