/**
 * Subscriptions (issue 35), as the server keeps them (`DATA_DIR/subscriptions.json`, personal
 * data: never part of the public content) and as a subscription's own link shows them. What a
 * family sends is in subscription-form.ts.
 */
import * as z from 'zod';
import { Consent } from './personal-data.ts';
import { FREQUENCIES, SUBSCRIPTION_TOPICS } from './subscription-form.ts';

export * from './subscription-form.ts';

/** One subscription as kept. */
export const Subscription = z.object({
  _id: z.string(),
  email: z.string(),
  topics: z.array(z.enum(SUBSCRIPTION_TOPICS)),
  frequency: z.enum(FREQUENCIES),
  language: z.string(),
  createdAt: z.iso.datetime(),
  /** When its confirmation link was followed: the consent, with the privacy notice of then. */
  confirmedAt: z.iso.datetime().nullable(),
  consent: Consent,
  /** When confirmation e-mails went to the address (the last 24 hours' count, CONFIRMATIONS_PER_DAY). */
  confirmationsSentAt: z.array(z.iso.datetime()),
  /** E-mails its mail server refused for good (5xx); at BOUNCES_TO_SUSPEND, nothing more is sent. */
  bounces: z.number().int().min(0).default(0),
  suspendedAt: z.iso.datetime().nullable().default(null),
});
export type Subscription = z.infer<typeof Subscription>;

/** `DATA_DIR/subscriptions.json` */
export const SubscriptionRecords = z.object({ subscriptions: z.array(Subscription).default([]) });

/** What a subscription's own link shows (GET /api/subscriptions/mine): never more than its owner knows. */
export const SubscriptionView = z.object({
  email: z.string(),
  topics: z.array(z.enum(SUBSCRIPTION_TOPICS)),
  frequency: z.enum(FREQUENCIES),
  language: z.string(),
  confirmed: z.boolean(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>);

/** One message sent from the outbox, as the Subscribers view lists it. */
export const SentMessage = z.object({
  id: z.string(),
  /** What it was: `Emergency notice: …`, `News: …`, `Daily digest`. */
  about: z.string(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  /** Recipients who had unsubscribed or changed their choice by the time it left. */
  skipped: z.number().int(),
  /** Recipients who unsubscribed with a link of this message. */
  unsubscribedSince: z.number().int(),
});
export type SentMessage = z.infer<typeof SentMessage>;

/** GET /api/admin/subscribers */
export const SubscribersReport = z.object({
  counts: z.object({
    confirmed: z.number().int(),
    unconfirmed: z.number().int(),
    suspended: z.number().int(),
    /** The browsers notified (phones and computers). */
    devices: z.number().int(),
    /** The confirmed, not suspended, by what they follow and how often. */
    topics: counts(SUBSCRIPTION_TOPICS),
    frequencies: counts(FREQUENCIES),
  }),
  /** The messages sent, newest first. */
  messages: z.array(SentMessage),
  /** With `?email=`: the subscription of that address, if any. */
  found: z.array(Subscription).optional(),
});
export type SubscribersReport = z.infer<typeof SubscribersReport>;

/** A browser subscribed to notifications, as kept (`DATA_DIR/push-subscriptions.json`). */
export const PushDevice = z.object({
  _id: z.string(),
  endpoint: z.string(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
  topics: z.array(z.enum(SUBSCRIPTION_TOPICS)),
  language: z.string(),
  createdAt: z.iso.datetime(),
  /**
   * The e-mail subscription whose own link added it (its manage page), if any: a person's search
   * by that address finds it, and an erasure of the address removes it.
   */
  subscription: z.string().optional(),
});
export type PushDevice = z.infer<typeof PushDevice>;

/** A subscription as a person's search finds it: with the devices added from its own link. */
export const SubscriptionFound = Subscription.extend({ devices: z.array(PushDevice) });
export type SubscriptionFound = z.infer<typeof SubscriptionFound>;

/** `DATA_DIR/push-subscriptions.json` */
export const PushDeviceRecords = z.object({ devices: z.array(PushDevice).default([]) });

/** GET /api/push/key */
export const PushKey = z.object({
  publicKey: z.string().meta({ description: 'The VAPID public key (base64url), for `pushManager.subscribe`.' }),
});
