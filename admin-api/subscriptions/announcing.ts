/**
 * Telling the subscribers, put together for the server: the announcer decides, the outbox keeps
 * and paces, the mailer sends. Runs only when a mail server is configured.
 */
import type { MailSettings } from '../config.ts';
import type { Stores } from '../store/stores.ts';
import type { Announcement } from './announcements.ts';
import { Announcer } from './announcer.ts';
import { Outbox } from './outbox.ts';
import { subscriberMailer } from './subscriber-mailer.ts';
import { subscriptionTokens } from './subscription-tokens.ts';

export interface AnnouncingDeps {
  mail: MailSettings;
  dataDir: string;
  stores: Pick<Stores, 'content' | 'subscriptions'>;
  jwtSecret: string;
  siteUrl: string;
}

/** Starts announcing; answers how to stop (sends under way finish, the rest waits in the outbox). */
export async function startAnnouncing({ mail, dataDir, stores, jwtSecret, siteUrl }: AnnouncingDeps) {
  const mailer = subscriberMailer({ mail, stores, tokens: subscriptionTokens(jwtSecret), siteUrl });
  const outbox = await Outbox.open<Announcement>({
    dataDir,
    rate: mail.rate,
    send: mailer.send,
    bounced: mailer.bounced,
  });
  const announcer = await Announcer.open(dataDir, stores, outbox);
  const stopLooking = announcer.start();
  return {
    async close() {
      stopLooking();
      await outbox.close();
      mailer.close();
    },
  };
}
