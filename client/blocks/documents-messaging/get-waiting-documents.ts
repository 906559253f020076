/** GET /establishments/{id}/documents/waiting: the documents waiting for acknowledgement, for this block; stale on any document change. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { documentRoutes } from '../../../schemas/api/documents.ts';
import type { CallInput } from '../../../schemas/api/contract.ts';
import { call } from '../../lib/api/client.ts';
import { waitingDocumentKeys } from '../../lib/api/query-keys.ts';

export type WaitingDocumentListRequest = NonNullable<CallInput<typeof documentRoutes.waiting>['query']>;

export const waitingDocumentListQueryOptions = (establishmentId: string | undefined, query: WaitingDocumentListRequest) =>
  queryOptions({
    queryKey: waitingDocumentKeys.list(establishmentId, query),
    queryFn: ({ signal }) => call(documentRoutes.waiting, { params: { id: establishmentId! }, query, signal }),
    enabled: Boolean(establishmentId),
    placeholderData: keepPreviousData,
  });
