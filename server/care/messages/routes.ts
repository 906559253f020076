/**
 * Secure messaging (schemas/api/messages.ts, issue 20 §4): a patient file's conversation (list,
 * send, read position), a message's attachment (bytes, withdrawal), a professional's
 * conversations in an establishment and the caller's unread counts.
 */
import type { FastifyInstance } from 'fastify';
import { messageRoutes as contracts } from '../../../schemas/api/messages.ts';
import { DEFAULT_MESSAGE_PAGE_SIZE } from '../../../schemas/messages.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { sendStoredFile } from '../files/send.ts';
import type { CareContext } from '../context.ts';
import { messagesRepository } from './repository.ts';
import { listConversations, unreadMessages } from './conversations.ts';

export default async function messagesRoutes(app: FastifyInstance) {
  /** The message's file through the caller's scope (404 otherwise), and the repository. */
  const open = async (care: CareContext, id: string) => ({ file: await care.patientFileOf('message', id), repo: messagesRepository(care) });

  route(app, contracts.list, async (request) => {
    const { before, limit = DEFAULT_MESSAGE_PAGE_SIZE } = request.query;
    const file = await request.care.patientFile(request.params.id);
    return messagesRepository(request.care).list(file, { before, limit });
  });
  route(app, contracts.send, async (request) =>
    messagesRepository(request.care).send(await request.care.patientFile(request.params.id), request.body));
  route(app, contracts.markRead, async (request) =>
    messagesRepository(request.care).markRead(await request.care.patientFile(request.params.id), request.body.messageId));
  route(app, contracts.attachment, async (request, reply) => {
    const { file, repo } = await open(request.care, request.params.id);
    return sendStoredFile(reply, app.storage, await repo.bytes(file, request.params.id), undefined, 'view');
  });
  route(app, contracts.download, async (request, reply) => {
    const { file, repo } = await open(request.care, request.params.id);
    return sendStoredFile(reply, app.storage, await repo.bytes(file, request.params.id), undefined, 'download');
  });
  route(app, contracts.withdrawAttachment, async (request) => {
    const { file, repo } = await open(request.care, request.params.id);
    return repo.withdrawAttachment(file, request.params.id, request.body.reason);
  });
  route(app, contracts.conversations, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = '-lastMessageAt' } = request.query;
    return listConversations(request.care, request.params.id, { page, pageSize, sort });
  });
  route(app, contracts.unread, async (request) => unreadMessages(request.care));
}
