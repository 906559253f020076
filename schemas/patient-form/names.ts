/**
 * Name rules of the patient form (spec 001 §5). Birth names follow the INS reference: upper and
 * lower case letters without any accent or diacritic; first names may have accents but no special
 * characters. Both allow the separators names really have: space, hyphen, apostrophe.
 */

/** A name part: letters (any script, with their combining marks), joined by one space, hyphen or apostrophe. */
const WORD = String.raw`\p{L}[\p{L}\p{M}]*`;
const NAME = String.raw`${WORD}(?:[ '’-]${WORD})*`;
const NAME_PATTERN = new RegExp(`^${NAME}$`, 'u');
/** Several first names, comma-separated ("Marie, Anne-Sophie"), spaces around the commas allowed. */
const FIRST_NAMES_PATTERN = new RegExp(`^${NAME}(?:\\s*,\\s*${NAME})*$`, 'u');

/** Birth name: Latin letters without diacritics (É, Ç, Ø, ß refused: they are written E, C, O, SS). */
export function birthNameError(value: string): 'birth_name_diacritics' | 'name_invalid' | undefined {
  if (!NAME_PATTERN.test(value)) return 'name_invalid';
  return /^[A-Za-z '’-]+$/.test(value) ? undefined : 'birth_name_diacritics';
}

export const firstNamesError = (value: string) => (FIRST_NAMES_PATTERN.test(value) ? undefined : ('first_names_invalid' as const));

/** One name (used first name, used last name, first birth name): letters and separators, no comma. */
export const nameError = (value: string) => (NAME_PATTERN.test(value) ? undefined : ('name_invalid' as const));

/** The first names as a list, in the order given. */
export const splitFirstNames = (value: string) => value.split(',').map((name) => name.trim()).filter(Boolean);
