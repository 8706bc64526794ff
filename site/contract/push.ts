/**
 * Notifications on a phone or computer (issue 35): what a browser sends to be notified, as its
 * `PushSubscription` JSON with the topics chosen, and what the server keeps of it
 * (`DATA_DIR/push-subscriptions.json`). The /subscribe page sends it: zod/mini (see form-fields.ts).
 */
import * as z from 'zod/mini';
import { SubscriptionChoice } from './subscription-form.ts';

const base64url = (name: string, bytes: number) =>
  z.string({ error: `${name} must be text` }).check(
    z.regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`),
    z.refine(
      (text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes,
      `${name} must be ${bytes} bytes`,
    ),
  );

/** The browser's PushSubscription, as `JSON.stringify` writes it. */
export const BrowserSubscription = z.object({
  endpoint: z
    .string({ error: 'The endpoint must be text' })
    .check(z.maxLength(1000), z.url('The endpoint must be an address')),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    /** The browser's public key, P-256, uncompressed (RFC 8291). */
    p256dh: base64url('keys.p256dh', 65),
    /** The authentication secret (RFC 8291). */
    auth: base64url('keys.auth', 16),
  }),
});
export type BrowserSubscription = z.infer<typeof BrowserSubscription>;

/** POST /api/push-subscriptions: the browser's subscription and what to be notified of. */
export const PushSubscriptionRequest = z.object({
  ...BrowserSubscription.shape,
  topics: SubscriptionChoice.shape.topics,
  language: SubscriptionChoice.shape.language,
  /** From a subscription's own page: its token, so the device belongs to that subscription. */
  token: z.optional(z.string().check(z.maxLength(200))),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

/** DELETE /api/push-subscriptions: the subscription, named by its endpoint. */
export const PushUnsubscribeRequest = z.object({ endpoint: BrowserSubscription.shape.endpoint });
