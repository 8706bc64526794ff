/**
 * The e-mails a subscriber receives, in the subscription's language: each in plain text and in
 * HTML, from the school by its name, with the links to change what it receives and to leave in one
 * click (shown, and as the `List-Unsubscribe` headers of RFC 8058: mail/notifier.ts).
 */
import { isRightToLeft } from '../../site/contract/languages.ts';
import type { Frequency, Subscription, SubscriptionTopic } from '../../site/contract/subscriptions.ts';
import { type MessageKey, messagesFor } from '../../site/i18n/messages.ts';
import type { Mail } from '../mail/notifier.ts';
import type { SubscriptionLinks } from './subscription-links.ts';

const TOPIC_WORDS: Record<SubscriptionTopic, MessageKey> = {
  alerts: 'subscriptionMail.alerts',
  news: 'subscriptionMail.news',
  events: 'subscriptionMail.events',
  circulars: 'subscriptionMail.circulars',
};

const WHEN_WORDS: Record<Frequency, MessageKey> = {
  instant: 'subscriptionMail.instant',
  daily: 'subscriptionMail.daily',
  weekly: 'subscriptionMail.weekly',
};

interface Link {
  label: string;
  href: string;
}
/** A paragraph of text, a link (shown with its address in the plain text), or a heading. */
export type Block = string | Link | { heading: string };

/** Asks the address to confirm: until it does, it receives nothing else. */
export function confirmationMail(subscription: Subscription, school: string, links: SubscriptionLinks): Mail {
  const { t } = messagesFor(subscription.language);
  return subscriberMail(subscription, school, links, {
    subject: t('subscriptionMail.confirmSubject', { school }),
    blocks: [
      t('subscriptionMail.confirmAsked', { school, what: whatIsSent(subscription) }),
      { label: t('subscriptionMail.confirmLink'), href: links.confirm },
      t('subscriptionMail.confirmIgnore'),
    ],
  });
}

/** Tells an address already subscribed that someone asked again, and how to change what it receives. */
export function alreadySubscribedMail(subscription: Subscription, school: string, links: SubscriptionLinks): Mail {
  const { t } = messagesFor(subscription.language);
  return subscriberMail(subscription, school, links, {
    subject: t('subscriptionMail.alreadySubject', { school }),
    blocks: [
      t('subscriptionMail.alreadyAsked', { school, what: whatIsSent(subscription) }),
      { label: t('subscriptionMail.manage'), href: links.manage },
      t('subscriptionMail.alreadyIgnore'),
    ],
  });
}

/** "urgent notices and news, each as it is published": the subscription's topics and frequency. */
function whatIsSent({ language, topics, frequency }: Subscription): string {
  const { t } = messagesFor(language);
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    topics.map((topic) => t(TOPIC_WORDS[topic])),
  );
  const onlyAlerts = topics.every((topic) => topic === 'alerts');
  return t('subscriptionMail.what', {
    topics: names,
    when: t(WHEN_WORDS[onlyAlerts ? 'instant' : frequency]),
  });
}

/** An e-mail to `subscription` about `subject`, its `blocks` above the links every e-mail has. */
export function subscriberMail(
  subscription: Subscription,
  school: string,
  links: SubscriptionLinks,
  { subject, blocks }: { subject: string; blocks: Block[] },
): Mail {
  const { t } = messagesFor(subscription.language);
  const footer: Link[] = [
    { label: t('subscriptionMail.manage'), href: links.manage },
    { label: t('subscriptionMail.unsubscribe'), href: links.unsubscribe },
  ];
  return {
    kind: 'subscription e-mail',
    about: { record: subscription._id, email: subscription.email, phone: '' },
    to: { address: subscription.email, fromName: school },
    subject,
    text: [...blocks.map(blockText), '--', school, ...footer.map(blockText)].join('\n\n'),
    html: htmlPage(subscription.language, [
      ...blocks.map(blockHtml),
      '<hr>',
      `<p style="color:#555;font-size:90%">${escapeHtml(school)}<br>${footer.map(linkHtml).join(' · ')}</p>`,
    ]),
    unsubscribeUrl: links.oneClick,
  };
}

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('heading' in block) return `${block.heading}\n${'-'.repeat(block.heading.length)}`;
  return `${block.label}:\n${block.href}`;
}

function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  if ('heading' in block) return `<h2 style="font-size:110%;margin-top:1.5em">${escapeHtml(block.heading)}</h2>`;
  return `<p>${linkHtml(block)}</p>`;
}

const linkHtml = ({ label, href }: Link) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

const htmlPage = (language: string, body: string[]) =>
  `<!doctype html><html lang="${escapeHtml(language)}" dir="${isRightToLeft(language) ? 'rtl' : 'ltr'}"><body style="font-family:sans-serif;line-height:1.5">${body.join('')}</body></html>`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
