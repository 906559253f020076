/**
 * Notes of a patient file (spec 001 §3 "Note: text, archived state", §4 added / edited / archived,
 * §7 GET paged, POST {text}, PUT {text}, PUT archive). A note is a text area (spec 001 §5: 2 to
 * 500 characters), checked by noteTextError on the server and in the tab's form, so both say the
 * same thing on the field.
 *
 * What is stored is exactly what was typed: line breaks, indentation and surrounding spaces are
 * the writer's, nothing is trimmed behind their back (issue 10 rule). The rule reads the text as
 * a person sees it: a note of only spaces or line breaks is empty (field_required), fewer than 2
 * visible characters is too short, and the maximum counts every character stored (500), in
 * Unicode code points (an emoji or an Arabic letter with its marks counts as the characters it is
 * made of, as PostgreSQL's char_length does).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import type { ErrorCode } from './errors.ts';
import { PATIENT_FORM_LIMITS } from './patient-form.ts';

export const NOTE_TEXT_LIMITS = { min: PATIENT_FORM_LIMITS.textAreaMin, max: PATIENT_FORM_LIMITS.textAreaMax } as const;

/** Characters as a person counts them (code points, not UTF-16 units). */
export const characterCount = (text: string) => [...text].length;

/** The note text's error, with its message parameters; undefined when the text is a valid note. */
export function noteTextError(text: string): { code: ErrorCode; params: Record<string, number> } | undefined {
  const visible = characterCount(text.trim());
  if (visible === 0) return { code: 'field_required', params: {} };
  if (visible < NOTE_TEXT_LIMITS.min) return { code: 'value_too_short', params: { min: NOTE_TEXT_LIMITS.min } };
  if (characterCount(text) > NOTE_TEXT_LIMITS.max) return { code: 'value_too_long', params: { max: NOTE_TEXT_LIMITS.max } };
  return undefined;
}

export const NOTE_SORT_FIELDS = ['createdAt'] as const;
/** Which notes a list shows: the live ones (default), the archived ones, or all. */
export const NOTE_ARCHIVED_FILTERS = ['false', 'true', 'all'] as const;

export const noteListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: NOTE_SORT_FIELDS, defaultSort: '-createdAt' }),
    archived: { type: 'string', enum: NOTE_ARCHIVED_FILTERS, default: 'false', description: 'false: live notes (default); true: archived ones; all' },
  },
} as const;
export type NoteListQuery = FromSchema<typeof noteListQuerySchema>;

export const noteBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: {
    // The bounds are checked by noteTextError (a code per rule, on the field), not by the schema
    // (which would answer a generic validation_error); this cap only limits what is read.
    text: { type: 'string', maxLength: 20_000, description: 'A text area: 2 to 500 characters, stored as typed (line breaks kept)' },
  },
} as const;
export type NoteBody = FromSchema<typeof noteBodySchema>;

const personSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'firstName', 'lastName'],
  properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } },
} as const;

export const noteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'patientFileId', 'text', 'author', 'createdAt', 'updatedAt', 'archivedAt', 'editable'],
  properties: {
    id: uuidSchema,
    patientFileId: uuidSchema,
    text: { type: 'string' },
    author: personSchema,
    createdAt: dateTimeSchema,
    /** Set once the note was edited (the "edited" mark). */
    updatedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
    archivedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
    archivedBy: personSchema,
    /** May the caller edit it: its author, while it is not archived (server/care/notes/repository.ts). */
    editable: { type: 'boolean' },
  },
} as const;
export type Note = FromSchema<typeof noteSchema>;

export const notePageSchema = pageOf(noteSchema);
