/** The service worker's URL (apps/web/public/sw.js): pushes, and the offline page. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded, so it never competes with the first visit's own
 * downloads (the landing page's budget). A browser without service workers, or a refusal, changes nothing.
 */
export function registerServiceWorkerAfterLoad() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
