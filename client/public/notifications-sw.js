/*
 * The web push service worker (issue 20 §5), registered by the notifications manager when the
 * user turns push on (client/features/notifications/manager/push.ts). It shows each push the
 * server sends and, on a click, brings the application forward: a tab already open on this
 * origin is focused (and taken to the notification's page), else a new one opens. It handles no
 * fetch: pages load from the network as without it. Served from client/public as is (Vite copies
 * it to the build's root), at the site's root so that its scope is the whole application.
 *
 * The payload is JSON (schemas/notifications.ts pushPayloadSchema: notificationId, type, title,
 * body, url; tag, lang and dir are read when present); anything missing falls
 * back. The same notification pushed twice replaces itself (tag).
 */
self.addEventListener('install', () => { self.skipWaiting(); });
self.addEventListener('activate', (event) => { event.waitUntil(self.clients.claim()); });

self.addEventListener('push', (event) => {
  let data = {};
  if (event.data) {
    try { data = event.data.json(); } catch { data = { body: event.data.text() }; }
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Télésuivi';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof data.body === 'string' ? data.body : '',
    tag: typeof data.tag === 'string' ? data.tag : typeof data.notificationId === 'string' ? data.notificationId : undefined,
    lang: typeof data.lang === 'string' ? data.lang : undefined,
    dir: data.dir === 'rtl' || data.dir === 'ltr' ? data.dir : 'auto',
    data: { url: typeof data.url === 'string' ? data.url : '/' },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only an address of this application: a payload cannot send the user elsewhere.
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin + '/';
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    const focused = await open.focus();
    if (focused.url !== url && 'navigate' in focused) await focused.navigate(url).catch(() => undefined);
    return undefined;
  })());
});
