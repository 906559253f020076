/**
 * The calls of a conversation (schemas/api/messages.ts): its pages, newest first, older ones
 * through the cursor; send (one Idempotency-Key per intended message, so a retry after a lost
 * answer stores it once); mark read; withdraw an attachment; the addresses of an attachment's
 * bytes. A change makes the conversation and the unread counts stale.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { messageRoutes } from '../../../../schemas/api/messages.ts';
import { pathOf } from '../../../../schemas/api/contract.ts';
import type { MessageBody } from '../../../../schemas/messages.ts';
import { apiUrl, call } from '../../../lib/api/client.ts';
import { messageKeys } from '../../../lib/api/query-keys.ts';

export const useConversation = (patientFileId: string) => useInfiniteQuery({
  queryKey: messageKeys.conversation(patientFileId),
  queryFn: ({ signal, pageParam }) => call(messageRoutes.list, { params: { id: patientFileId }, query: pageParam ? { before: pageParam } : {}, signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

function useConversationChange<A, R>(patientFileId: string, mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: messageKeys.conversation(patientFileId) }),
      client.invalidateQueries({ queryKey: messageKeys.unread() }),
    ]),
  });
}

export const useSendMessage = (patientFileId: string) =>
  useConversationChange(patientFileId, ({ body, key }: { body: MessageBody; key: string }) =>
    call(messageRoutes.send, { params: { id: patientFileId }, body, idempotencyKey: key }));

export const useWithdrawAttachment = (patientFileId: string) =>
  useConversationChange(patientFileId, ({ messageId, reason }: { messageId: string; reason: string }) =>
    call(messageRoutes.withdrawAttachment, { params: { id: messageId }, body: { reason } }));

/** Moves the read position; the conversation is not fetched again for it, only the counts that show it. */
export function useMarkRead(patientFileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => call(messageRoutes.markRead, { params: { id: patientFileId }, body: { messageId } }),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: messageKeys.unread() }),
      client.invalidateQueries({ queryKey: messageKeys.allConversations() }),
    ]),
  });
}

/** Where the browser reads an attachment's bytes: `view` inline (images), `download` as a file. */
export const attachmentUrl = (messageId: string, how: 'view' | 'download', language: string) =>
  apiUrl(pathOf((how === 'view' ? messageRoutes.attachment : messageRoutes.download).url, { id: messageId }), {}, language);
