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

/**
 * Unsubscribes this browser from pushes (its push service forgets the subscription), on the way out of a session:
 * the server deletes the session's subscriptions itself, and the device signed out asks nothing more of the push
 * service. No service worker, no subscription, or a refusal: nothing to do.
 */
export async function unsubscribeThisDevice() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing more to do: the server has dropped the subscription with the session.
  }
}
