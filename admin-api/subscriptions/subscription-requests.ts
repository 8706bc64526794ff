/**
 * What a request to subscribe does to the subscriptions, with no way for the requester to learn
 * whether the address was known: a new address gets an unconfirmed subscription; an unconfirmed
 * one takes the new choice; a confirmed one keeps its own (only its owner changes it, by its
 * link). Either way one e-mail goes to the address, CONFIRMATIONS_PER_DAY in 24 hours at most.
 */
import { randomUUID } from 'node:crypto';
import {
  CONFIRMATIONS_PER_DAY,
  type Subscription,
  type SubscriptionRequest,
  sameAddress,
} from '../../site/contract/subscriptions.ts';

const DAY_MS = 86_400_000;

/** The e-mail a request causes: the confirmation, or the note that the address is already subscribed. */
export type RequestMail = { kind: 'confirm' | 'already'; subscriptionId: string } | null;

/** Applies `request` (its language settled) to the `subscriptions` draft at `now`. */
export function requestSubscription(
  subscriptions: Subscription[],
  request: SubscriptionRequest & { language: string },
  now: Date,
): RequestMail {
  const { email, topics, frequency, language } = request;
  let subscription = subscriptions.find((candidate) => sameAddress(candidate.email, email));
  if (!subscription) {
    subscription = {
      _id: randomUUID(),
      email,
      topics,
      frequency,
      language,
      createdAt: now.toISOString(),
      confirmedAt: null,
      consent: null,
      confirmationsSentAt: [],
      bounces: 0,
      suspendedAt: null,
    };
    subscriptions.push(subscription);
  } else if (!subscription.confirmedAt) {
    Object.assign(subscription, { topics, frequency, language });
  }
  const since = now.getTime() - DAY_MS;
  const recent = subscription.confirmationsSentAt.filter((at) => Date.parse(at) > since);
  if (recent.length >= CONFIRMATIONS_PER_DAY) {
    subscription.confirmationsSentAt = recent;
    return null;
  }
  subscription.confirmationsSentAt = [...recent, now.toISOString()];
  return { kind: subscription.confirmedAt ? 'already' : 'confirm', subscriptionId: subscription._id };
}
