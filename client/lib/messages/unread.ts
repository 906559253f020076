/**
 * GET /me/unread_messages: the caller's unread messages, per patient file (patient, caregiver)
 * or per establishment (professional). The patient navigation's badge and the patient home read
 * it; a live `message.created` and marking a conversation read make it stale.
 */
import { useQuery } from '@tanstack/react-query';
import { messageRoutes } from '../../../schemas/api/messages.ts';
import { call } from '../api/client.ts';
import { messageKeys } from '../api/query-keys.ts';

export const useUnreadMessages = () => useQuery({
  queryKey: messageKeys.unread(),
  queryFn: ({ signal }) => call(messageRoutes.unread, { signal }),
});

/** A patient file's unread count, 0 until known (a badge never blocks the navigation). */
export function useUnreadOfFile(patientFileId: string): number {
  const { data } = useUnreadMessages();
  return data?.patientFiles.find((f) => f.patientFileId === patientFileId)?.unread ?? 0;
}
