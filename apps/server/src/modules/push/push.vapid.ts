import webpush from 'web-push';
import type { AppConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { secretOnce } from './push.repository.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** server_secrets' row of the generated pair (one JSON value: the two halves can never disagree). */
export const VAPID_SECRET_NAME = 'vapid_keys';

/** The configured pair, else the one generated once and stored (every instance reads the same row). */
async function loadVapidKeys({ db, config }: { db: DbOrTx; config: AppConfig }): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const stored = await secretOnce({
    db,
    name: VAPID_SECRET_NAME,
    generate: () => JSON.stringify(webpush.generateVAPIDKeys()),
  });
  const { publicKey, privateKey } = JSON.parse(stored) as VapidKeys;
  return { publicKey, privateKey };
}

/**
 * The app's VAPID keys, read once per app (its config) and kept; a failed read (database down) is forgotten,
 * so the next call tries again.
 */
const loaded = new WeakMap<AppConfig, Promise<VapidKeys>>();
export function vapidKeys(deps: { db: DbOrTx; config: AppConfig }): Promise<VapidKeys> {
  let keys = loaded.get(deps.config);
  if (!keys) {
    keys = loadVapidKeys(deps);
    loaded.set(deps.config, keys);
    keys.catch(() => loaded.delete(deps.config));
  }
  return keys;
}
