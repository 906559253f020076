/**
 * The caller's notifications (GET /me/notifications, the unread count, read marks): one fetcher
 * per endpoint, keys from notificationKeys. The count is made stale by the live stream
 * (`notification.created`, client/lib/live, opened by the bell) and read again whenever the tab
 * comes back into view; never on a timer, which would keep an idle session alive.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '../../../../schemas/api/notifications.ts';
import { call } from '../../../lib/api/client.ts';
import { notificationKeys } from '../../../lib/api/query-keys.ts';

const PAGE_SIZE = 15;

export const unreadCountQueryOptions = () => queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: ({ signal }) => call(notificationRoutes.unreadCount, { signal }),
  refetchOnWindowFocus: true,
});

export const useUnreadCount = () => useQuery(unreadCountQueryOptions());

export const notificationListQueryOptions = () => infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam, signal }) => call(notificationRoutes.list, { query: { page: pageParam, pageSize: PAGE_SIZE }, signal }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.page * last.pageSize < last.totalItems ? last.page + 1 : undefined),
  // Each opening reads the list again, whatever the cache holds.
  refetchOnMount: 'always',
});

export const useNotificationList = () => useInfiniteQuery(notificationListQueryOptions());

/** A read mark changes the count and the list: both are made stale. */
function useInvalidating<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }) });
}

export const useMarkRead = () => useInvalidating((id: string) => call(notificationRoutes.markRead, { params: { id } }));
export const useMarkAllRead = () => useInvalidating(() => call(notificationRoutes.markAllRead));
