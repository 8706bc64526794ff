/*
 * The site's service worker (issue 35): shows the school's notifications, opens the page of one
 * tapped, and keeps a copy of the public pages last visited and of their scripts and styles, for
 * when the network is gone (at most KEPT of them: a cheap phone's storage is small; photos are
 * not kept). Always the network first, so an edit is seen as soon as it is live; the admin area,
 * the API and previews are never touched (nor kept): the browser fetches them as if there were
 * no worker.
 */
const CACHE = 'school-site-v1';
const NEVER = /^\/(admin|api|preview)(\/|$)/;
const KEPT = 60;

/** Pages, and the hashed scripts and styles they need. */
const kept = (request, url) => request.mode === 'navigate' || url.pathname.startsWith('/_astro/');

async function keep(request, response) {
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) await cache.delete(old);
}

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (!kept(request, url)) return;
  event.respondWith(
    (async () => {
      try {
        const response = await fetch(request);
        if (response.ok && response.type === 'basic') event.waitUntil(keep(request, response.clone()));
        return response;
      } catch (error) {
        const kept = await caches.match(request);
        if (kept) return kept;
        throw error;
      }
    })(),
  );
});

self.addEventListener('push', (event) => {
  const notice = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(notice.title || self.location.host, {
      body: notice.body || '',
      tag: notice.tag,
      data: { url: notice.url || '/' },
      icon: '/icons/192.png',
      badge: '/icons/192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((client) => client.url === url);
      if (same) return same.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
