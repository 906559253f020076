/** The live event stream's constants (GET /api/events, schemas/api/events.ts), for the server and the client. */
/** The heartbeat comment's period: under the proxies' 30-s idle timeouts (server/plugins/care-proxy.ts). */
export const EVENTS_HEARTBEAT_MS = 25_000;
/** The `retry:` hint: how long EventSource waits before reconnecting after the stream ends. */
export const EVENTS_RETRY_MS = 5_000;
export const EVENT_STREAM_TYPE = 'text/event-stream';
