/**
 * The addresses a subscriber's e-mails link, each holding the subscription's token: the pages to
 * confirm and to change what it receives (in the subscription's language), the page that
 * unsubscribes as it opens, and the API address that a mail program `POST`s to unsubscribe in one
 * click (RFC 8058). The links of an e-mail sent from the outbox name its batch (`m=`), so that
 * the mail log counts who left after which message, without keeping who.
 */
import type { Subscription } from '../../site/contract/subscriptions.ts';
import { pathInLanguage } from '../../site/lib/language-paths.ts';
import {
  CONFIRM_PATH,
  MANAGE_PATH,
  MESSAGE_PARAMETER,
  UNSUBSCRIBE_PARAMETER,
} from '../../site/lib/subscription-paths.ts';

export interface SubscriptionLinks {
  confirm: string;
  manage: string;
  unsubscribe: string;
  oneClick: string;
}

export function subscriptionLinks(
  subscription: Subscription,
  token: string,
  { siteUrl, languages }: { siteUrl: string; languages: readonly string[] },
  message?: string,
): SubscriptionLinks {
  const query = `?token=${encodeURIComponent(token)}${message ? `&${MESSAGE_PARAMETER}=${encodeURIComponent(message)}` : ''}`;
  const page = (path: string, extra = '') =>
    `${siteUrl}${pathInLanguage(path, subscription.language, languages)}${query}${extra}`;
  return {
    confirm: page(CONFIRM_PATH),
    manage: page(MANAGE_PATH),
    unsubscribe: page(MANAGE_PATH, `&${UNSUBSCRIBE_PARAMETER}=1`),
    oneClick: `${siteUrl}/api/subscriptions/unsubscribe${query}`,
  };
}
