import { join } from 'node:path';
import { AlumniRecords } from '../../site/contract/alumni.ts';
import { InboxRecords } from '../../site/contract/contact.ts';
import { SiteContent } from '../../site/contract/content.ts';
import { PushDeviceRecords, SubscriptionRecords } from '../../site/contract/subscriptions.ts';
import { AdminAccounts } from './admin-accounts.ts';
import { defaultContent } from './default-content.ts';
import { ERASURES_FILE, ErasureList, newErasureList } from './erasure-list.ts';
import { JsonDocument } from './json-document.ts';

export type ContentStore = JsonDocument<typeof SiteContent>;
export type AlumniStore = JsonDocument<typeof AlumniRecords>;
export type AdminStore = JsonDocument<typeof AdminAccounts>;
export type MessageStore = JsonDocument<typeof InboxRecords>;
export type ErasureStore = JsonDocument<typeof ErasureList>;
export type SubscriptionStore = JsonDocument<typeof SubscriptionRecords>;
export type PushDeviceStore = JsonDocument<typeof PushDeviceRecords>;

export interface Stores {
  content: ContentStore;
  alumni: AlumniStore;
  admins: AdminStore;
  messages: MessageStore;
  /** Who asked to be erased, as salted hashes (privacy/erasures.ts). */
  erasures: ErasureStore;
  /** The families' e-mail subscriptions (routes/subscriptions.ts). */
  subscriptions: SubscriptionStore;
  /** The browsers subscribed to notifications (routes/push.ts). */
  pushDevices: PushDeviceStore;
}

export const contentFile = (dataDir: string) => join(dataDir, 'content.json');

// The content has its history (history/content-history.ts); the other files keep their previous copy.
const KEEP_PREVIOUS = { keepPrevious: true };

/** Opens the documents of `dataDir`, creating them with their defaults on first start. */
export async function openStores(dataDir: string): Promise<Stores> {
  const [content, alumni, admins, messages, erasures, subscriptions, pushDevices] = await Promise.all([
    JsonDocument.open(contentFile(dataDir), SiteContent, defaultContent),
    JsonDocument.open(join(dataDir, 'alumni.json'), AlumniRecords, () => ({ alumni: [] }), KEEP_PREVIOUS),
    JsonDocument.open(join(dataDir, 'admins.json'), AdminAccounts, () => ({ admins: [] }), KEEP_PREVIOUS),
    JsonDocument.open(join(dataDir, 'messages.json'), InboxRecords, () => ({ messages: [] }), KEEP_PREVIOUS),
    JsonDocument.open(join(dataDir, ERASURES_FILE), ErasureList, newErasureList, KEEP_PREVIOUS),
    JsonDocument.open(
      join(dataDir, 'subscriptions.json'),
      SubscriptionRecords,
      () => ({ subscriptions: [] }),
      KEEP_PREVIOUS,
    ),
    JsonDocument.open(
      join(dataDir, 'push-subscriptions.json'),
      PushDeviceRecords,
      () => ({ devices: [] }),
      KEEP_PREVIOUS,
    ),
  ]);
  return { content, alumni, admins, messages, erasures, subscriptions, pushDevices };
}

/** Resolves once every write accepted so far is on disk. */
export async function settleStores(stores: Stores): Promise<void> {
  await Promise.all([
    stores.content.settled(),
    stores.alumni.settled(),
    stores.admins.settled(),
    stores.messages.settled(),
    stores.erasures.settled(),
    stores.subscriptions.settled(),
    stores.pushDevices.settled(),
  ]);
}
