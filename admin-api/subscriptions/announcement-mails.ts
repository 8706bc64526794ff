/**
 * The e-mails of what the school publishes (announcements.ts), written for one subscription: in
 * its language (each text translated where the school translated it), linking the page of that
 * language that shows the item.
 */
import type { Alert } from '../../site/contract/alerts.ts';
import { linksIn } from '../../site/contract/alerts.ts';
import type { Subscription } from '../../site/contract/subscriptions.ts';
import { inLanguage } from '../../site/contract/translations.ts';
import { type MessageKey, messagesFor } from '../../site/i18n/messages.ts';
import { dateFormat } from '../../site/lib/display-format.ts';
import { pathInLanguage } from '../../site/lib/language-paths.ts';
import { markdownPlainText } from '../../site/lib/markdown-text.ts';
import { previewCharacters } from '../../site/lib/text-cuts.ts';
import type { Mail } from '../mail/notifier.ts';
import { type AnnouncedItem, type Announcement, ITEM_TOPICS, type ItemTopic } from './announcements.ts';
import { type Block, subscriberMail } from './subscriber-mails.ts';
import type { SubscriptionLinks } from './subscription-links.ts';

/** The characters of an item's text an e-mail carries; the page has the rest. */
const TEXT_CHARACTERS = 600;

const TOPIC_LINES: Record<ItemTopic, MessageKey> = {
  news: 'subscriptionMail.newsFrom',
  events: 'subscriptionMail.eventFrom',
  circulars: 'subscriptionMail.circularFrom',
};

const TOPIC_HEADINGS: Record<ItemTopic, MessageKey> = {
  news: 'subscribe.topicNews',
  events: 'subscribe.topicEvents',
  circulars: 'subscribe.topicCirculars',
};

export interface MailPlace {
  /** The school's name in the subscription's language. */
  school: string;
  links: SubscriptionLinks;
  siteUrl: string;
  languages: readonly string[];
}

/** The e-mail telling `subscription` of `announcement`. */
export function announcementMail(announcement: Announcement, subscription: Subscription, place: MailPlace): Mail {
  const { language } = subscription;
  const { t } = messagesFor(language);
  const address = (path: string) => place.siteUrl + pathInLanguage(path, language, place.languages);
  const mail = (subject: string, blocks: Block[]) =>
    subscriberMail(subscription, place.school, place.links, { subject, blocks });
  switch (announcement.kind) {
    case 'alert': {
      const alert = inLanguage(announcement.alert, language) as Alert;
      const level = t(`alerts.${alert.level}` as MessageKey);
      const own = linksIn(alert.message)[0];
      return mail(`${level}: ${alert.message}`, [
        alert.message,
        { label: t('subscriptionMail.alertMore'), href: own ?? address('/') },
      ]);
    }
    case 'item': {
      const { topic } = announcement.announced;
      const item = itemIn(announcement.announced, language);
      return mail(item.title, [
        t(TOPIC_LINES[topic], { school: place.school }),
        ...itemBlocks(item, language, address),
      ]);
    }
    case 'digest': {
      const blocks: Block[] = [t('subscriptionMail.digestIntro', { school: place.school })];
      for (const topic of ITEM_TOPICS) {
        const items = announcement.items.filter((announced) => announced.topic === topic);
        if (items.length === 0 || !subscription.topics.includes(topic)) continue;
        blocks.push({ heading: t(TOPIC_HEADINGS[topic]) });
        for (const announced of items) {
          const item = itemIn(announced, language);
          blocks.push({ label: item.title, href: address(item.path) });
        }
      }
      const subject =
        announcement.frequency === 'daily' ? 'subscriptionMail.dailySubject' : 'subscriptionMail.weeklySubject';
      return mail(t(subject, { school: place.school }), blocks);
    }
  }
}

export interface ItemTexts {
  title: string;
  text: string;
  when: string | null;
  where: string;
  /** The page of the default language that shows it. */
  path: string;
}

/** What an e-mail says of an item, in `language`. */
export function itemIn({ item, path }: AnnouncedItem, language: string): ItemTexts {
  const read = inLanguage(item, language) as typeof item;
  const { formatDate, formatTime } = dateFormat(language);
  const when =
    'location' in read
      ? [formatDate(read.date), read.time ? formatTime(read.time) : ''].filter(Boolean).join(', ')
      : null;
  return {
    title: read.title,
    text: previewCharacters(markdownPlainText(read.description ?? ''), TEXT_CHARACTERS).text,
    when,
    where: 'location' in read ? read.location : '',
    path,
  };
}

function itemBlocks(item: ItemTexts, language: string, address: (path: string) => string): Block[] {
  const { t } = messagesFor(language);
  return [
    { heading: item.title },
    ...(item.when ? [t('subscriptionMail.when', { when: item.when })] : []),
    ...(item.where ? [t('subscriptionMail.where', { where: item.where })] : []),
    ...(item.text ? [item.text] : []),
    { label: t('subscriptionMail.readMore'), href: address(item.path) },
  ];
}
