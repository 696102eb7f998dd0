/** The service worker's URL (apps/web/public/sw.js): pushes, and the offline page. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded (main.tsx runs before `load`), so it never competes with
 * the first visit's own downloads; kept tiny, it sits in the landing page's budget. Without service workers (an
 * old browser, an insecure origin) or on a refusal, nothing changes.
 */
export function registerServiceWorkerAfterLoad() {
  addEventListener('load', () => navigator.serviceWorker?.register(SERVICE_WORKER_URL).catch(() => undefined));
}
