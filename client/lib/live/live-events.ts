/**
 * The tab's one live connection (GET /api/events, server-sent events): opened when the first
 * consumer subscribes (the professional area's layout), closed when the last one leaves. Every
 * consumer shares it. EventSource reconnects by itself after a drop (the server's `retry:`
 * hint); a 401 at reconnection (session over) ends it for good, as EventSource does.
 *
 * On `alert.raised` (ids only, no patient data) the alerts queries, the dashboard's activity
 * block and the notifications (the bell's count: an alert notifies the team) are made stale, so
 * every open list and block refetches; then the listeners are called.
 */
import { eventRoutes } from '../../../schemas/api/events.ts';
import type { AlertRaisedEvent } from '../../../schemas/telemonitoring.ts';
import { activityKeys, alertKeys, notificationKeys } from '../api/query-keys.ts';
import { queryClient } from '../query-client.ts';

export type LiveListener = (event: AlertRaisedEvent) => void;

const listeners = new Set<LiveListener>();
let source: EventSource | undefined;

function onAlert(message: MessageEvent<string>) {
  let event: AlertRaisedEvent;
  try {
    event = JSON.parse(message.data) as AlertRaisedEvent;
  } catch {
    return;
  }
  void queryClient.invalidateQueries({ queryKey: alertKeys.all });
  void queryClient.invalidateQueries({ queryKey: activityKeys.all });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  for (const listener of listeners) listener(event);
}

/** Listens to the live events of this tab; answers the unsubscribe (the last one closes the connection). */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (!source && typeof EventSource !== 'undefined') {
    source = new EventSource(eventRoutes.stream.url);
    source.addEventListener('alert.raised', onAlert);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = undefined;
    }
  };
}
