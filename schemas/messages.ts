/**
 * Secure messaging (issue 20 §4, spec 001 §3 "Message: text, attachment (image or file)", §8
 * "Messaging"): one conversation per patient file between the patient, her caregivers and the
 * file's care team. A message is a text kept as typed and/or one uploaded file; its author may
 * withdraw the attachment, which is then entered in error (never deleted) and shown as no longer
 * available. The body rules (messageBodyError) are shared by the server and the composer, so
 * both say the same thing on the same field.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countSchema, dateTimeSchema, listProperties, localeQueryProperties, pageOf, uuidSchema } from './common.ts';
import type { ErrorCode } from './errors.ts';
import { recordId } from './api/record-id.ts';

export const MESSAGE_LIMITS = {
  /** Characters (code points) of a text, refused beyond, never cut. */
  textMax: 5000,
} as const;

/** How many messages a page of a conversation holds; newest first, older pages through `before`. */
export const MESSAGE_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_MESSAGE_PAGE_SIZE = 20;

/**
 * A position in a conversation: the opaque cursor a page answers as `nextCursor`, given back as
 * `before` for the next (older) page. The client never reads it.
 */
export const messageCursorSchema = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' } as const;

/** Who wrote: the patient herself, a caregiver of hers (on her file), or a professional of the file. */
export const MESSAGE_AUTHOR_ROLES = ['patient', 'caregiver', 'professional'] as const;
export type MessageAuthorRole = (typeof MESSAGE_AUTHOR_ROLES)[number];

/** An image is shown in the conversation; any other file is offered to download. Decided from the sniffed type. */
export const MESSAGE_ATTACHMENT_KINDS = ['image', 'file'] as const;

export const messageListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    before: { ...messageCursorSchema, description: 'The nextCursor of the previous page: the messages older than it' },
    limit: { type: 'integer', enum: MESSAGE_PAGE_SIZES, default: DEFAULT_MESSAGE_PAGE_SIZE },
  },
} as const;
export type MessageListQuery = FromSchema<typeof messageListQuerySchema>;

/** A loose body (types only): the rules run in messageBodyError, one code per rule on its field. */
export const messageBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** Stored as typed (not trimmed); blank-only is refused. */
    text: { anyOf: [{ type: 'string', maxLength: 100_000 }, { type: 'null' }] },
    /** An uploaded file of the caller's (POST /files/prepare, then its upload_url), not attached yet. */
    fileId: recordId('upload'),
  },
} as const;
export type MessageBody = FromSchema<typeof messageBodySchema>;

const chars = (text: string) => [...text].length;

/** The body's first broken rule, on its field; undefined when the body is a valid message. */
export function messageBodyError(body: MessageBody): { code: ErrorCode; field: string; params?: Record<string, number> } | undefined {
  const text = body.text ?? undefined;
  if (text !== undefined && text.trim() === '') return { code: 'message_text_blank', field: 'body.text' };
  if (text === undefined && body.fileId === undefined) return { code: 'message_empty', field: 'body.text' };
  if (text !== undefined && chars(text) > MESSAGE_LIMITS.textMax) return { code: 'value_too_long', field: 'body.text', params: { max: MESSAGE_LIMITS.textMax } };
  return undefined;
}

const personSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'firstName', 'lastName'],
  properties: { id: uuidSchema, firstName: { type: 'string' }, lastName: { type: 'string' } },
} as const;

export const messageAuthorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'firstName', 'lastName', 'role'],
  properties: { ...personSchema.properties, role: { type: 'string', enum: MESSAGE_AUTHOR_ROLES } },
} as const;

/** The attachment withdrawn by its author: entered in error, who, when, why; its bytes are no longer served. */
export const messageAttachmentWithdrawalSchema = {
  type: 'object', additionalProperties: false, required: ['at', 'by', 'reason'],
  properties: { at: dateTimeSchema, by: personSchema, reason: { type: 'string' } },
} as const;

export const messageAttachmentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'name', 'mimeType', 'size', 'withdrawn'],
  properties: {
    kind: { type: 'string', enum: MESSAGE_ATTACHMENT_KINDS },
    name: { type: 'string' },
    mimeType: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    size: { type: ['integer', 'null'], minimum: 0, maximum: countSchema.maximum },
    /** null while available; once withdrawn the client shows "no longer available" and the bytes route answers 410 message_attachment_withdrawn. */
    withdrawn: { anyOf: [{ type: 'null' }, messageAttachmentWithdrawalSchema] },
  },
} as const;

export const messageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'patientFileId', 'text', 'attachment', 'author', 'mine', 'createdAt'],
  properties: {
    id: uuidSchema,
    patientFileId: uuidSchema,
    /** As typed; null for an attachment alone. */
    text: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    attachment: { anyOf: [{ type: 'null' }, messageAttachmentSchema] },
    author: messageAuthorSchema,
    /** Written by the caller: she may withdraw its attachment. */
    mine: { type: 'boolean' },
    createdAt: dateTimeSchema,
  },
} as const;
export type Message = FromSchema<typeof messageSchema>;

/** The caller's read position in a conversation. */
const readStateProperties = {
  /** Messages of others after the caller's read position. */
  unread: countSchema,
  /** The last message the caller marked read, or null. */
  lastReadMessageId: { anyOf: [uuidSchema, { type: 'null' }] },
} as const;

export const messageReadStateSchema = {
  type: 'object', additionalProperties: false, required: ['unread', 'lastReadMessageId'], properties: readStateProperties,
} as const;
export type MessageReadState = FromSchema<typeof messageReadStateSchema>;

/** A page of a conversation: newest first; `nextCursor` null on the oldest page. */
export const messagePageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'nextCursor', 'unread', 'lastReadMessageId', 'readOnly'],
  properties: {
    data: { type: 'array', items: messageSchema },
    nextCursor: { anyOf: [messageCursorSchema, { type: 'null' }] },
    ...readStateProperties,
    /** The file is closed: the conversation is read only (sending answers 409 patient_file_closed). */
    readOnly: { type: 'boolean' },
  },
} as const;
export type MessagePage = FromSchema<typeof messagePageSchema>;

export const markReadBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['messageId'],
  properties: {
    /** Read up to this message of the file (included); a position before the current one changes nothing. */
    messageId: recordId('message'),
  },
} as const;
export type MarkReadBody = FromSchema<typeof markReadBodySchema>;

/** A professional's conversations in an establishment (the dashboard block). */
export const CONVERSATION_SORT_FIELDS = ['lastMessageAt', 'unread'] as const;

export const conversationListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    ...listProperties({ sorts: CONVERSATION_SORT_FIELDS, defaultSort: '-lastMessageAt' }),
  },
} as const;
export type ConversationListQuery = FromSchema<typeof conversationListQuerySchema>;

export const conversationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['patientFileId', 'serviceId', 'patient', 'lastMessageAt', 'unread'],
  properties: {
    patientFileId: uuidSchema,
    serviceId: uuidSchema,
    patient: personSchema,
    lastMessageAt: dateTimeSchema,
    /** Messages of others the caller has not read. */
    unread: countSchema,
  },
} as const;
export type Conversation = FromSchema<typeof conversationSchema>;
export const conversationPageSchema = pageOf(conversationSchema);

/**
 * The caller's unread messages for the navigation: a patient (or caregiver) per patient file she
 * may open, a professional per establishment; `total` sums them. The other list is empty.
 */
export const unreadMessagesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['total', 'patientFiles', 'establishments'],
  properties: {
    total: countSchema,
    patientFiles: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['patientFileId', 'unread'], properties: { patientFileId: uuidSchema, unread: countSchema } },
    },
    establishments: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['establishmentId', 'unread'], properties: { establishmentId: uuidSchema, unread: countSchema } },
    },
  },
} as const;
export type UnreadMessages = FromSchema<typeof unreadMessagesSchema>;

/** The live event of a new message (GET /api/events): ids only, the client refetches what it shows. */
export const MESSAGES_CHANNEL = 'telesuivi_messages';
export const messageCreatedEventSchema = {
  type: 'object',
  required: ['type', 'patientFileId', 'messageId', 'serviceId'],
  additionalProperties: false,
  properties: {
    type: { const: 'message.created' },
    patientFileId: uuidSchema,
    messageId: uuidSchema,
    serviceId: uuidSchema,
  },
} as const;
export type MessageCreatedEvent = FromSchema<typeof messageCreatedEventSchema>;
