/**
 * Telling the subscribers, put together for the server: the announcer decides; for each channel
 * (e-mail when a mail server is configured, notifications always) an outbox keeps and paces, and
 * a sender sends.
 */
import type { MailSettings } from '../config.ts';
import type { Stores } from '../store/stores.ts';
import { type Announcement, wants } from './announcements.ts';
import { Announcer, type Channel } from './announcer.ts';
import { Outbox } from './outbox.ts';
import { isPushRefusal, notifies, pushSender } from './push-sender.ts';
import { subscriberMailer } from './subscriber-mailer.ts';
import { subscriptionTokens } from './subscription-tokens.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** Notifications started a second, and at once, at most: a push service answers in tens of milliseconds. */
const PUSH_RATE = 500;
const PUSHES_AT_ONCE = 20;

export interface AnnouncingDeps {
  /** null: no e-mails. */
  mail: MailSettings | null;
  vapid: VapidKeys;
  dataDir: string;
  stores: Pick<Stores, 'content' | 'subscriptions' | 'pushDevices'>;
  jwtSecret: string;
  siteUrl: string;
}

/** Starts announcing; answers how to stop (sends under way finish, the rest waits in the outboxes). */
export async function startAnnouncing({ mail, vapid, dataDir, stores, jwtSecret, siteUrl }: AnnouncingDeps) {
  const channels: Channel[] = [];
  const closing: (() => unknown)[] = [];
  if (mail) {
    const mailer = subscriberMailer({ mail, stores, tokens: subscriptionTokens(jwtSecret), siteUrl });
    const outbox = await Outbox.open<Announcement>({
      dataDir,
      rate: mail.rate,
      send: mailer.send,
      bounced: mailer.bounced,
    });
    channels.push({
      outbox,
      recipients: (announcement) =>
        stores.subscriptions.data.subscriptions.filter((one) => wants(one, announcement)).map((one) => one._id),
    });
    closing.push(
      () => outbox.close(),
      () => mailer.close(),
    );
  }
  const pusher = pushSender({ stores, vapid, siteUrl });
  const pushes = await Outbox.open<Announcement>({
    dataDir,
    folder: 'push-outbox',
    log: 'push-log.jsonl',
    rate: PUSH_RATE,
    atOnce: PUSHES_AT_ONCE,
    send: pusher.send,
    permanent: isPushRefusal,
  });
  channels.push({
    outbox: pushes,
    recipients: (announcement) =>
      stores.pushDevices.data.devices.filter((device) => notifies(device, announcement)).map((device) => device._id),
  });
  closing.push(() => pushes.close());
  const announcer = await Announcer.open(dataDir, stores, channels);
  const stopLooking = announcer.start();
  return {
    async close() {
      stopLooking();
      for (const close of closing) await close();
    },
  };
}
