import { Hono } from 'hono';
import * as z from 'zod';
import { emailKey } from '../../site/contract/personal-data.ts';
import {
  FREQUENCIES,
  SUBSCRIPTION_TOPICS,
  SubscribersReport,
  type Subscription,
} from '../../site/contract/subscriptions.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteLook } from '../audit/record-changes.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { validate } from '../http/json-body.ts';
import { operations } from '../openapi/operation.ts';

const SubscribersQuery = z.object({
  email: z
    .string()
    .max(254, 'An e-mail address has at most 254 characters')
    .trim()
    .optional()
    .describe('An address to look for (case and spaces aside).'),
});

/**
 * The Subscribers view (Administrators and the Office): how many follow what and how often, what
 * became of each message sent, and one address's subscription on request. Reading it is a look
 * at personal data, recorded in the audit log (never the address searched).
 */
export function subscriberRoutes(deps: AppDeps) {
  const { stores } = deps;
  const op = operations(deps);
  return new Hono<AdminEnv>().get(
    '/admin/subscribers',
    op({
      tag: 'Personal data',
      summary: 'The subscribers, counted, and the messages sent to them',
      description:
        'Counts of the subscriptions (confirmed, not yet confirmed, suspended after 3 bounces), of the browsers notified, and of the confirmed subscriptions by topic and frequency; each message sent, newest first, with how many it was sent to, failed, bounced, skipped (unsubscribed by then) and how many unsubscribed with its links since. ' +
        'With `email`, that address’s subscription. Recorded in the audit log as a look at personal data.',
      permission: 'personalData',
      query: SubscribersQuery,
      answers: { 200: { description: 'The counts and the messages.', schema: SubscribersReport } },
    }),
    async (c) => {
      const { email } = validate(SubscribersQuery, c.req.query());
      noteLook(c, email ? 'subscribers.search' : 'subscribers.read');
      const subscriptions = stores.subscriptions.data.subscriptions;
      const report: SubscribersReport = {
        counts: { ...countsOf(subscriptions), devices: stores.pushDevices.data.devices.length },
        messages: (await deps.mailLog?.messages()) ?? [],
        ...(email && {
          found: subscriptions.filter((subscription) => emailKey(subscription.email) === emailKey(email)),
        }),
      };
      return c.json(report);
    },
  );
}

function countsOf(subscriptions: readonly Subscription[]): Omit<SubscribersReport['counts'], 'devices'> {
  const active = subscriptions.filter((subscription) => subscription.confirmedAt && !subscription.suspendedAt);
  const tally = <K extends string>(keys: readonly K[], has: (subscription: Subscription, key: K) => boolean) =>
    Object.fromEntries(
      keys.map((key) => [key, active.filter((subscription) => has(subscription, key)).length]),
    ) as Record<K, number>;
  return {
    confirmed: subscriptions.filter((subscription) => subscription.confirmedAt).length,
    unconfirmed: subscriptions.filter((subscription) => !subscription.confirmedAt).length,
    suspended: subscriptions.filter((subscription) => subscription.suspendedAt).length,
    topics: tally(SUBSCRIPTION_TOPICS, (subscription, topic) => subscription.topics.includes(topic)),
    frequencies: tally(FREQUENCIES, (subscription, frequency) => subscription.frequency === frequency),
  };
}
