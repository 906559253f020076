/**
 * The text-area rule of spec 001 §5 (2 to 500 characters, a text of only spaces is empty) as the
 * server checks it (schemas/notes.ts noteTextError), said in the interface's language: every form
 * sending a note or a comment checks it before sending, so a too-short or empty text is said on
 * its field at once, never found out from a 400.
 */
import { useTranslation } from 'react-i18next';
import { NOTE_TEXT_LIMITS, noteTextError } from '../../../schemas/notes.ts';

export function useTextAreaError(): (text: string) => string | undefined {
  const { t } = useTranslation();
  return (text) => {
    const error = noteTextError(text);
    return error ? t(`validation.${error.code}`, { min: NOTE_TEXT_LIMITS.min, max: NOTE_TEXT_LIMITS.max }) : undefined;
  };
}
