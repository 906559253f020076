/**
 * The tab's one live connection (GET /api/events, server-sent events): opened when the first
 * consumer subscribes (the professional area's layout), closed when the last one leaves. Every
 * consumer shares it. EventSource reconnects by itself after a drop (the server's `retry:`
 * hint); a 401 at reconnection (session over) ends it for good, as EventSource does.
 *
 * On `alert.raised` (ids only, no patient data) the alerts queries, the dashboard's activity
 * block and the notifications (the bell's count: an alert notifies the team) are made stale, so
 * every open list and block refetches; then the listeners are called.
 * On `message.created` (ids only) the conversations, unread counts and notifications are made
 * stale: the open conversation, the navigation's badge, the dashboard block and the bell refetch;
 * no listener is called (the listeners are the alert cue's). The patient area opens the
 * connection for that alone.
 * On `notification.created` (the caller's own, ids only) the bell's count and list are made stale.
 * Nothing here asks the server on a timer: every API call extends the session, so polling would
 * keep an idle session open for good (the live stream does not extend it).
 */
import { useEffect } from 'react';
import { eventRoutes } from '../../../schemas/api/events.ts';
import type { AlertRaisedEvent } from '../../../schemas/telemonitoring.ts';
import { activityKeys, alertKeys, messageKeys, notificationKeys } from '../api/query-keys.ts';
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

function onMessage() {
  void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  // A message notifies the other side: the bell's count moves too.
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

function onNotification() {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Listens to the live events of this tab; answers the unsubscribe (the last one closes the connection). */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (!source && typeof EventSource !== 'undefined') {
    source = new EventSource(eventRoutes.stream.url);
    source.addEventListener('alert.raised', onAlert);
    source.addEventListener('message.created', onMessage);
    source.addEventListener('notification.created', onNotification);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = undefined;
    }
  };
}

/** Keeps the live connection open while the calling component is shown, for the query invalidations alone (the patient area, the bell). */
export function useLiveConnection() {
  useEffect(() => subscribeLive(() => {}), []);
}
