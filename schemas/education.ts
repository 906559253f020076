/**
 * Therapeutic content (issue 20 §2, spec 001 "Therapeutic content kinds: video, document, image,
 * Youtube video"): a service's library of educational material, shown to the patients and
 * caregivers of its files from the monitoring screen (`education/:documentId`), managed by the
 * service's professionals who hold protocol privileges (server/care/access.ts).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countSchema, dateTimeSchema, localeQueryProperties, uuidSchema } from './common.ts';
import { recordId } from './api/record-id.ts';

export const EDUCATION_KINDS = ['video', 'document', 'image', 'youtube'] as const;
export const educationKindSchema = { type: 'string', enum: EDUCATION_KINDS } as const;
export type EducationKind = FromSchema<typeof educationKindSchema>;

/**
 * The stored types each kind takes (read from the bytes at upload, server/care/files/): a
 * document is a PDF (the viewer frames it), an image what an <img> shows, a video what a
 * <video> plays in every browser we support.
 */
export const EDUCATION_FILE_TYPES: Record<Exclude<EducationKind, 'youtube'>, readonly string[]> = {
  document: ['application/pdf'],
  image: ['image/png', 'image/jpeg'],
  video: ['video/mp4', 'video/webm'],
};

/** A non-blank title: refused, never trimmed into something else. */
const titleSchema = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const descriptionSchema = { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'null' }] } as const;

export const educationFileSchema = {
  type: 'object', additionalProperties: false, required: ['name', 'mimeType', 'size'],
  properties: { name: { type: 'string' }, mimeType: { anyOf: [{ type: 'string' }, { type: 'null' }] }, size: { anyOf: [countSchema, { type: 'null' }] } },
} as const;

/** One item, as both sides read it (archivedAt is always null on the patient side). */
export const educationItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'serviceId', 'kind', 'title', 'description', 'youtubeId', 'file', 'createdAt', 'updatedAt', 'archivedAt'],
  properties: {
    id: uuidSchema,
    serviceId: uuidSchema,
    kind: educationKindSchema,
    title: { type: 'string' },
    description: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    /** A YouTube video's id (11 characters), played through https://www.youtube-nocookie.com/embed/<id>. */
    youtubeId: { anyOf: [{ type: 'string', pattern: '^[A-Za-z0-9_-]{11}$' }, { type: 'null' }] },
    file: { anyOf: [educationFileSchema, { type: 'null' }] },
    createdAt: dateTimeSchema,
    updatedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
    archivedAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
  },
} as const;
export type EducationItem = FromSchema<typeof educationItemSchema>;

export const educationListSchema = { type: 'array', items: educationItemSchema } as const;

/**
 * A new item: a file (the caller's upload, not attached yet) for video, document and image, a
 * YouTube address for youtube. The address is read for its video id and only the id is kept.
 * Which of the two a kind needs is checked by the server, on its field.
 */
export const educationBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'title'],
  properties: {
    kind: educationKindSchema,
    title: titleSchema,
    description: descriptionSchema,
    fileId: recordId('upload'),
    youtubeUrl: { type: 'string', maxLength: 500 },
  },
} as const;
export type EducationBody = FromSchema<typeof educationBodySchema>;

/** What an edit changes: the words. A new file or video is a new item (the old one archived), so what a patient saw stays what it was. */
export const educationEditSchema = {
  type: 'object', additionalProperties: false, required: ['title'],
  properties: { title: titleSchema, description: descriptionSchema },
} as const;
export type EducationEdit = FromSchema<typeof educationEditSchema>;

/** The professional's list: live items, or archived ones too. */
export const educationListQuerySchema = {
  type: 'object', additionalProperties: false,
  properties: { ...localeQueryProperties, archived: { type: 'string', enum: ['false', 'all'], default: 'false', description: 'false: live items (default); all: archived ones too' } },
} as const;

/**
 * GET /patient_files/:id/content (spec 001 "GET content (submissionTypes FREE, withDocuments)"):
 * `submissionTypes=FREE` adds the free questionnaires the patient may fill in, `withDocuments`
 * (default true) the service's education documents.
 */
export const patientContentQuerySchema = {
  type: 'object', additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    submissionTypes: { type: 'string', enum: ['FREE'], description: 'FREE: include the free questionnaires assigned to the file' },
    withDocuments: { type: 'string', enum: ['true', 'false'], default: 'true', description: "Include the service's therapeutic content" },
  },
} as const;

export const freeQuestionnaireSchema = {
  type: 'object', additionalProperties: false, required: ['formId', 'reference', 'name'],
  properties: { formId: uuidSchema, reference: { type: 'string' }, name: { type: 'string' } },
} as const;

export const patientContentSchema = {
  type: 'object', additionalProperties: false, required: ['questionnaires', 'documents'],
  properties: {
    questionnaires: { type: 'array', items: freeQuestionnaireSchema },
    documents: educationListSchema,
  },
} as const;
export type PatientContent = FromSchema<typeof patientContentSchema>;
