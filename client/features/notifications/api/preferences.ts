/**
 * The caller's notification preferences (the notifications manager): read once, each change
 * saved alone (PUT with the one choice), the answer put in the cache so the table shows what the
 * server holds.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '../../../../schemas/api/notifications.ts';
import type { NotificationChannel, NotificationType } from '../../../../schemas/notifications.ts';
import { call } from '../../../lib/api/client.ts';
import { notificationKeys } from '../../../lib/api/query-keys.ts';

export const preferencesQueryOptions = () => queryOptions({
  queryKey: notificationKeys.preferences(),
  queryFn: ({ signal }) => call(notificationRoutes.preferences, { signal }),
});

export const usePreferences = () => useQuery(preferencesQueryOptions());

export interface PreferenceChange { type: NotificationType; channel: NotificationChannel; enabled: boolean }

export function useSavePreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferenceChange) => call(notificationRoutes.putPreferences, { body: { preferences: [change] } }),
    onSuccess: (answer) => client.setQueryData(notificationKeys.preferences(), answer),
  });
}
