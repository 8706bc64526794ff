/**
 * What a phone or computer shows of an announcement (announcements.ts), in the device's
 * language: a title, a line of text, and the page a tap opens. The service worker (/sw.js) shows it.
 */
import type { Alert } from '../../site/contract/alerts.ts';
import { linksIn } from '../../site/contract/alerts.ts';
import { inLanguage } from '../../site/contract/translations.ts';
import { type MessageKey, messagesFor } from '../../site/i18n/messages.ts';
import { pathInLanguage } from '../../site/lib/language-paths.ts';
import { previewCharacters } from '../../site/lib/text-cuts.ts';
import { itemIn } from './announcement-mails.ts';
import type { Announcement } from './announcements.ts';

export interface Notification {
  title: string;
  body: string;
  /** The page a tap on it opens. */
  url: string;
  /** A notice of the same id replaces the one shown. */
  tag: string;
}

/** The characters of text a notification carries: a phone shows two or three lines. */
const BODY_CHARACTERS = 160;

/** The notification of `announcement` (an alert or an item; digests go by e-mail only). */
export function announcementNotification(
  announcement: Exclude<Announcement, { kind: 'digest' }>,
  language: string,
  place: { school: string; siteUrl: string; languages: readonly string[] },
): Notification {
  const address = (path: string) => place.siteUrl + pathInLanguage(path, language, place.languages);
  if (announcement.kind === 'alert') {
    const alert = inLanguage(announcement.alert, language) as Alert;
    const { t } = messagesFor(language);
    return {
      title: `${t(`alerts.${alert.level}` as MessageKey)}: ${place.school}`,
      body: alert.message,
      url: linksIn(alert.message)[0] ?? address('/'),
      tag: `alert-${alert._id}`,
    };
  }
  const item = itemIn(announcement.announced, language);
  return {
    title: item.title,
    body: previewCharacters(item.text, BODY_CHARACTERS).text,
    url: address(item.path),
    tag: `${announcement.announced.topic}-${announcement.announced.item._id}`,
  };
}
