import { z } from 'zod';
import { PUSH_MESSAGES } from '../texts/en/push.js';

/** Longest push service endpoint stored (real ones are 150 to 500 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** Subscriptions kept per user (browsers and devices); subscribing one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * A browser's keys, base64url as `PushSubscription.toJSON()` gives them (a trailing `=` padding is tolerated):
 * p256dh is an uncompressed P-256 point (65 bytes starting with 0x04, so its text starts with `B`), auth 16 bytes.
 */
const p256dhSchema = z
  .string()
  .regex(/^B[A-Za-z0-9_-]{86}=?$/, PUSH_MESSAGES.keyInvalid)
  .transform((key) => key.replace(/=+$/, ''));
const authSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}(==)?$/, PUSH_MESSAGES.keyInvalid)
  .transform((key) => key.replace(/=+$/, ''));

/** A push service URL: whether its scheme and host are accepted is the server's rule (https only in production). */
const endpointSchema = z
  .string()
  .max(PUSH_ENDPOINT_MAX_LENGTH)
  .refine((text) => URL.canParse(text), PUSH_MESSAGES.endpointInvalid);

/** POST /api/push/subscribe: the browser's PushSubscription JSON (`expirationTime` is accepted and ignored). */
export const pushSubscribeBodySchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: p256dhSchema, auth: authSchema }),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBodySchema>;

/** DELETE /api/push/subscribe: the subscription of this browser, removed if it is the caller's. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: endpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** GET /api/push/public-key: the VAPID public key (base64url), the browser's `applicationServerKey`. */
export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponseSchema>;

/** POST /api/push/subscribe's answer: the endpoint now subscribed for the caller. */
export const pushSubscribeResponseSchema = z.object({ endpoint: z.string() });
export type PushSubscribeResponse = z.infer<typeof pushSubscribeResponseSchema>;

/** What a push carries (encrypted to the browser), read by the service worker: never a lobby name or password. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app's page a click opens (`/scrims/<id>`). */
  url: z.string(),
  /** One notification per tag on the device: a newer push about the same scrim replaces the older one. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
