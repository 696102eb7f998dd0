/*
 * Scrim Gym's service worker: shows the server's pushes and opens the app at their page when one is
 * clicked, and serves a friendly offline page when a navigation finds no network. Nothing else is cached and the
 * API is never touched: the app is online-only, and says so. Plain JavaScript served as /sw.js (no build step):
 * the scope is the whole origin. docs/push.md.
 */
const OFFLINE_CACHE = 'scrim-gym-offline-v1';
const OFFLINE_URL = '/offline.html';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== OFFLINE_CACHE).map((name) => caches.delete(name)));
      // No navigation preload: the browser would send it for every navigation in scope, /api/ ones too, even
      // those the worker leaves alone, so a sign-in's GET /api/auth/oidc/…/start or …/callback would reach the
      // server twice (two login states, a code exchanged twice) and the sign-in would lose its return path.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.disable();
      await self.clients.claim();
    })(),
  );
});

/** Navigations to the app's pages: the network, else the offline page. Everything else goes by untouched. */
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(
    (async () => {
      try {
        return await fetch(request);
      } catch {
        return (await caches.match(OFFLINE_URL)) || Response.error();
      }
    })(),
  );
});

/** A path of this app, never another origin: a push cannot send the user elsewhere. */
function appUrl(path) {
  const safe = typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
  return new URL(safe, self.location.origin).href;
}

/** The push's `{ title, body, url, tag }` (the server's PushPayload); a push that is not JSON shows its text. */
function readPush(data) {
  const fallback = { title: 'Scrim Gym', body: '', url: '/', tag: '' };
  if (!data) return fallback;
  try {
    const push = data.json();
    return {
      title: typeof push.title === 'string' && push.title ? push.title : fallback.title,
      body: typeof push.body === 'string' ? push.body : '',
      url: typeof push.url === 'string' ? push.url : '/',
      tag: typeof push.tag === 'string' ? push.tag : '',
    };
  } catch {
    return { ...fallback, body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      icon: ICON,
      badge: BADGE,
      // A newer push about the same scrim replaces the older one, and still rings.
      ...(push.tag && { tag: push.tag, renotify: true }),
      data: { url: appUrl(push.url) },
    }),
  );
});

/** A click opens the push's page: in a window of the app already there, else in a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appUrl(event.notification.data && new URL(event.notification.data.url).pathname);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) return same.focus();
      for (const client of windows) {
        try {
          const navigated = await client.navigate(target);
          if (navigated) return navigated.focus();
        } catch {
          // Not controlled by this worker (opened before it was installed): try the next, or a new window.
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});

/** The browser renewed the subscription: the server gets the new one (the session cookie goes along). */
self.addEventListener('pushsubscriptionchange', (event) => {
  const json = (method, body) =>
    fetch('/api/push/subscribe', {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  event.waitUntil(
    (async () => {
      let subscription = event.newSubscription;
      if (!subscription) {
        const { publicKey } = await (await fetch('/api/push/public-key')).json();
        subscription = await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: publicKey,
        });
      }
      await json('POST', subscription.toJSON());
      if (event.oldSubscription) await json('DELETE', { endpoint: event.oldSubscription.endpoint });
    })().catch(() => {
      // Nobody is signed in, or the network is down: Settings subscribes again next time.
    }),
  );
});
