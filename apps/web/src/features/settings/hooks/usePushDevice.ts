import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PushSubscribeBody } from '@scrim-gym/shared';
import { SERVICE_WORKER_URL } from '../../../lib/service-worker';
import { pushPublicKeyQuery, subscribePush, unsubscribePush } from '../api/push';

/**
 * This browser's Web Push state: `unsupported` (no service worker or Push API: iOS outside the Home Screen app,
 * old browsers), `blocked` (the user denied notifications to the site), `off`, `on`, or `checking` at first.
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

/** What "Turn on" ended with: on, blocked (denied now), or dismissed (the permission prompt was closed). */
export type TurnOnOutcome = 'on' | 'blocked' | 'dismissed';

const isSupported = () =>
  'serviceWorker' in navigator && typeof window.PushManager === 'function' && typeof window.Notification === 'function';

const initialState = (): PushDeviceState => {
  if (!isSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'checking';
};

/** The service worker's registration once active (pushManager.subscribe needs an active worker). */
async function activeRegistration() {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return navigator.serviceWorker.ready;
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A base64url text (the server's VAPID public key) as bytes, the applicationServerKey every browser takes. */
function base64UrlBytes(text: string) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether a subscription was made with this server key (the server's keys may have changed since). */
function madeWithKey(subscription: PushSubscription, key: Uint8Array) {
  const used = subscription.options?.applicationServerKey;
  if (!used) return true;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

const toBody = (subscription: PushSubscription) => subscription.toJSON() as PushSubscribeBody;

/**
 * Settings' "Notifications on this device": reads the browser's state, and turns pushes on (permission, subscribe
 * with the server's key, POST) or off (unsubscribe, DELETE). A subscription found on this browser is posted again
 * on the way in: the server then knows it is the signed-in user's (another account may have subscribed it here);
 * one made with another server key is dropped (off).
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushDeviceState>(initialState);
  const checking = state === 'checking';

  useEffect(() => {
    if (!checking) return;
    let current = true;
    (async () => {
      let subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
      if (subscription) {
        const { publicKey } = await queryClient.fetchQuery(pushPublicKeyQuery);
        if (madeWithKey(subscription, base64UrlBytes(publicKey))) await subscribePush(toBody(subscription));
        else {
          // Made with keys the server no longer has: useless, so off until turned on again.
          await subscription.unsubscribe();
          subscription = null;
        }
      }
      if (current) setState(subscription ? 'on' : 'off');
    })().catch(() => current && setState('off'));
    return () => {
      current = false;
    };
  }, [checking, queryClient]);

  const turnOn = useMutation({
    mutationFn: async (): Promise<TurnOnOutcome> => {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return 'blocked';
      if (permission !== 'granted') return 'dismissed';
      const [{ publicKey }, registration] = await Promise.all([
        queryClient.fetchQuery(pushPublicKeyQuery),
        activeRegistration(),
      ]);
      const key = base64UrlBytes(publicKey);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !madeWithKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await subscribePush(toBody(subscription));
      return 'on';
    },
    onSuccess: (outcome) => setState(outcome === 'blocked' ? 'blocked' : outcome === 'on' ? 'on' : 'off'),
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      // Unsubscribed in the browser, nothing reaches it any more; a server that missed this deletes the
      // subscription at the push service's next 410.
      await unsubscribePush(endpoint).catch(() => undefined);
    },
    onSuccess: () => setState('off'),
  });

  return { state, turnOn, turnOff, busy: turnOn.isPending || turnOff.isPending };
}
