/**
 * The links a subscriber's e-mails carry (confirm, change what you receive, unsubscribe) hold a
 * token instead of an account: the subscription's id and a signature of it, made with a key drawn
 * from the server's secret. A token opens its own subscription only, and nothing once that
 * subscription is gone (a new subscription of the same address has a new id).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SubscriptionTokens {
  /** The token of the subscription `id`. */
  of(id: string): string;
  /** The subscription id `token` was made for, or null when it is not one of ours. */
  idOf(token: string): string | null;
}

/** Tokens signed with a key of their own, derived from `secret` (the server's JWT secret). */
export function subscriptionTokens(secret: string): SubscriptionTokens {
  const key = createHmac('sha256', secret).update('subscription links').digest();
  const signature = (id: string) => createHmac('sha256', key).update(id).digest().subarray(0, 18).toString('base64url');
  return {
    of: (id) => `${id}.${signature(id)}`,
    idOf(token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      const [given, expected] = [Buffer.from(token.slice(dot + 1)), Buffer.from(signature(id))];
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
