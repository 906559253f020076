/**
 * Contracts of secure messaging (issue 20 §4, spec 000 `messages`): a patient file's conversation
 * (GET newest first with a cursor, POST a message, PUT the caller's read position), a message's
 * attachment (its bytes; DELETE = withdrawn by its author, entered in error, never removed), a
 * professional's conversations in an establishment (the dashboard block) and the caller's unread
 * counts (the navigation). A conversation is reached through its patient file's scope: the
 * patient, her caregivers, the professionals of the file's service; anyone else gets 404.
 */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { enteredInErrorBodySchema } from '../measures.ts';
import {
  conversationListQuerySchema, conversationPageSchema, markReadBodySchema, messageBodySchema, messageListQuerySchema,
  messagePageSchema, messageReadStateSchema, messageSchema, unreadMessagesSchema,
} from '../messages.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['messages'] as const;
/** Bytes, not JSON: the handler streams them and returns the reply; 410 once withdrawn. */
const bytes = { 200: { description: 'The bytes of the attachment', type: 'string', format: 'binary' }, ...errorResponses, 410: errorSchema } as const;
const messageParams = recordParams({ id: 'message' });
const fileParams = recordParams({ id: 'patientFile' });

export const messageRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/messages', tags,
    summary: "A patient file's conversation, newest first: `limit` messages older than the cursor `before` (none: the newest), the next cursor, the caller's unread count and read position, and whether the file is closed (read only)",
    params: fileParams, querystring: messageListQuerySchema, response: { 200: messagePageSchema, ...errorResponses },
  }),
  send: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/messages', tags,
    summary: "Sends a message to an open patient file's conversation: a text kept as typed (at most 5,000 characters) and/or an uploaded file of the caller's (an image is shown, any other file offered). Honours Idempotency-Key; a closed file: 409 patient_file_closed",
    params: fileParams, querystring: localeOnlyQuerySchema, body: messageBodySchema, response: { 201: messageSchema, ...errorResponses, 409: errorSchema },
  }),
  markRead: defineRoute({
    method: 'PUT', url: '/api/patient_files/:id/messages/read', tags,
    summary: "Moves the caller's read position in the conversation up to a message (never back); answers the caller's unread count",
    params: fileParams, querystring: localeOnlyQuerySchema, body: markReadBodySchema, response: { 200: messageReadStateSchema, ...errorResponses },
  }),
  attachment: defineRoute({
    method: 'GET', url: '/api/messages/:id/attachment', tags,
    summary: 'The bytes of a message\'s attachment to show: images and PDF inline (sandboxed), anything else as an attachment; withdrawn: 410 message_attachment_withdrawn; no attachment: 404',
    params: messageParams, querystring: localeOnlyQuerySchema, response: bytes,
  }),
  download: defineRoute({
    method: 'GET', url: '/api/messages/:id/attachment/download', tags,
    summary: 'The bytes of a message\'s attachment as a download; withdrawn: 410 message_attachment_withdrawn',
    params: messageParams, querystring: localeOnlyQuerySchema, response: bytes,
  }),
  withdrawAttachment: defineRoute({
    method: 'DELETE', url: '/api/messages/:id/attachment', tags,
    summary: "The message's author withdraws its attachment: entered in error with who, when and why, never removed; the message shows it as no longer available (409 message_attachment_already_withdrawn; a closed file: 409 patient_file_closed)",
    params: messageParams, querystring: localeOnlyQuerySchema, body: enteredInErrorBodySchema, response: { 200: messageSchema, ...errorResponses, 409: errorSchema },
  }),
  conversations: defineRoute({
    method: 'GET', url: '/api/establishments/:id/conversations', tags,
    summary: "The conversations of the patient files the caller may open as a professional in the establishment: patient, file, last message time and the caller's unread count; newest first (-lastMessageAt) or unread first (-unread), paged",
    params: recordParams({ id: 'establishment' }), querystring: conversationListQuerySchema, response: { 200: conversationPageSchema, ...errorResponses },
  }),
  unread: defineRoute({
    method: 'GET', url: '/api/me/unread_messages', tags,
    summary: "The caller's unread messages for the navigation: per patient file for a patient or caregiver, per establishment for a professional, and their total",
    querystring: localeOnlyQuerySchema, response: { 200: unreadMessagesSchema, ...errorResponses },
  }),
} as const;
