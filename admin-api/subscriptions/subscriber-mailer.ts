/**
 * Sends the outbox's announcements to subscribers over SMTP (nodemailer, a few pooled
 * connections): each e-mail made as it leaves, for the subscription as it is then, so one that
 * unsubscribed or changed its choice since is skipped. Counts the bounces, and suspends an address
 * at BOUNCES_TO_SUSPEND.
 */
import nodemailer from 'nodemailer';
import { BOUNCES_TO_SUSPEND } from '../../site/contract/subscriptions.ts';
import { inLanguage } from '../../site/contract/translations.ts';
import type { MailSettings } from '../config.ts';
import { nodemailerMessage } from '../mail/notifier.ts';
import type { Stores } from '../store/stores.ts';
import { announcementMail } from './announcement-mails.ts';
import { type Announcement, wants } from './announcements.ts';
import { byId } from './by-id.ts';
import type { Outcome } from './outbox.ts';
import { subscriptionLinks } from './subscription-links.ts';
import type { SubscriptionTokens } from './subscription-tokens.ts';

export interface SubscriberMailerDeps {
  mail: MailSettings;
  stores: Pick<Stores, 'content' | 'subscriptions'>;
  tokens: SubscriptionTokens;
  siteUrl: string;
}

export interface SubscriberMailer {
  send(announcement: Announcement, recipient: string, batch: string): Promise<Exclude<Outcome, 'bounced'>>;
  bounced(recipient: string): Promise<void>;
  close(): void;
}

export function subscriberMailer({ mail, stores, tokens, siteUrl }: SubscriberMailerDeps): SubscriberMailer {
  const transport = nodemailer.createTransport({
    url: mail.smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(announcement, recipient, batch) {
      const subscription = byId(stores.subscriptions.data.subscriptions, recipient);
      if (!subscription || !wants(subscription, announcement)) return 'skipped';
      const { settings } = stores.content.data;
      const place = {
        school: inLanguage(settings, subscription.language).schoolName,
        links: subscriptionLinks(
          subscription,
          tokens.of(subscription._id),
          { siteUrl, languages: settings.languages },
          batch,
        ),
        siteUrl,
        languages: settings.languages,
      };
      await transport.sendMail(nodemailerMessage(mail, announcementMail(announcement, subscription, place)));
      return 'sent';
    },
    async bounced(recipient) {
      await stores.subscriptions.update((draft) => {
        const subscription = draft.subscriptions.find((candidate) => candidate._id === recipient);
        if (!subscription) return;
        subscription.bounces += 1;
        if (subscription.bounces >= BOUNCES_TO_SUSPEND && !subscription.suspendedAt) {
          subscription.suspendedAt = new Date().toISOString();
        }
      });
    },
    close: () => transport.close(),
  };
}
