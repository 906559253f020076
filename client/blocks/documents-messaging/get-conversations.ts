/** GET /establishments/{id}/conversations: the professional's conversations, for this block only; stale on a live message. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { messageRoutes } from '../../../schemas/api/messages.ts';
import type { CallInput } from '../../../schemas/api/contract.ts';
import { call } from '../../lib/api/client.ts';
import { messageKeys } from '../../lib/api/query-keys.ts';

export type ConversationListRequest = NonNullable<CallInput<typeof messageRoutes.conversations>['query']>;

export const conversationListQueryOptions = (establishmentId: string | undefined, query: ConversationListRequest) =>
  queryOptions({
    queryKey: messageKeys.conversations(establishmentId, query),
    queryFn: ({ signal }) => call(messageRoutes.conversations, { params: { id: establishmentId! }, query, signal }),
    enabled: Boolean(establishmentId),
    placeholderData: keepPreviousData,
  });
