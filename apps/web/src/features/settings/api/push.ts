import { queryOptions } from '@tanstack/react-query';
import type { PushPublicKeyResponse, PushSubscribeBody, PushSubscribeResponse } from '@scrim-gym/shared';
import { apiRequest } from '../../../lib/api';

/** GET /api/push/public-key: the server's VAPID public key, the browser's applicationServerKey. */
export const getPushPublicKey = () => apiRequest<PushPublicKeyResponse>('GET', '/push/public-key');
export const pushPublicKeyQuery = queryOptions({
  queryKey: ['push', 'public-key'],
  queryFn: getPushPublicKey,
  staleTime: Infinity,
});

/** POST /api/push/subscribe: this browser's PushSubscription JSON, now the session user's. */
export const subscribePush = (subscription: PushSubscribeBody) =>
  apiRequest<PushSubscribeResponse>('POST', '/push/subscribe', subscription);

/** DELETE /api/push/subscribe: the server forgets this browser's subscription (204). */
export const unsubscribePush = (endpoint: string) => apiRequest<void>('DELETE', '/push/subscribe', { endpoint });
