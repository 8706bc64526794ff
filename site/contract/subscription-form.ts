/**
 * What a family sends to subscribe without an account, and to change what it receives: checked
 * by the /subscribe form in the browser and by the server. zod/mini: see form-fields.ts.
 */
import * as z from 'zod/mini';
import { requiredEmail } from './form-fields.ts';

/** What a family can be told about. Alerts always go out at once, whatever the frequency. */
export const SUBSCRIPTION_TOPICS = ['alerts', 'news', 'events', 'circulars'] as const;
export type SubscriptionTopic = (typeof SUBSCRIPTION_TOPICS)[number];

/** How often the news, events and circulars come: one e-mail each, or a digest. */
export const FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** An unconfirmed subscription is deleted this long after it was asked for (privacy/retention.ts). */
export const UNCONFIRMED_DAYS = 7;
/** Refusals for good after which an address receives nothing more. */
export const BOUNCES_TO_SUSPEND = 3;
/** Confirmation e-mails one address receives in 24 hours at most, however often it is entered. */
export const CONFIRMATIONS_PER_DAY = 3;

const topics = z.pipe(
  z.array(z.enum(SUBSCRIPTION_TOPICS, { error: 'Topics must be any of alerts, news, events and circulars' })),
  z.transform((chosen) => SUBSCRIPTION_TOPICS.filter((topic) => chosen.includes(topic))),
);

/** What a family chooses: at least one topic, and how often. */
export const SubscriptionChoice = z.object({
  topics: topics.check(z.minLength(1, 'Please choose at least one topic')),
  frequency: z._default(z.enum(FREQUENCIES, { error: 'Frequency must be instant, daily or weekly' }), 'instant'),
  /** One of the site's languages; absent: the site's default. */
  language: z.optional(z.string({ error: 'Language must be text' }).check(z.maxLength(35))),
});
export type SubscriptionChoice = z.infer<typeof SubscriptionChoice>;

/** POST /api/subscriptions */
export const SubscriptionRequest = z.object({ email: requiredEmail(), ...SubscriptionChoice.shape });
export type SubscriptionRequest = z.infer<typeof SubscriptionRequest>;

/** POST /api/subscriptions/confirm */
export const ConfirmationRequest = z.object({
  token: z.string({ error: 'The link is incomplete' }).check(z.maxLength(200)),
});

/** Whether `email` and `other` are the same mailbox as people type it (case aside). */
export const sameAddress = (email: string, other: string) => email.trim().toLowerCase() === other.trim().toLowerCase();
