/**
 * Everything the site keeps about one person, found by the e-mail address or phone number they
 * gave: their alumni registrations, their contact messages and the e-mails about them not sent
 * yet; and the erasure of all of it, remembered (as salted hashes) so that a restored backup gives
 * nothing of it back.
 */
import type { Alumni } from '../../site/contract/alumni.ts';
import type { InboxMessage } from '../../site/contract/contact.ts';
import type { Erased, PersonalDataFound } from '../../site/contract/personal-data.ts';
import type { PushDevice, Subscription, SubscriptionFound } from '../../site/contract/subscriptions.ts';
import { countLabel } from '../../site/lib/display-format.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Mail, Notifier } from '../mail/notifier.ts';
import type { Stores } from '../store/stores.ts';
import { erasedMatcher, hashKey, nextRequestNumber } from './erasures.ts';
import { isAbout, personKeys } from './person.ts';
import { removeRecords } from './remove-records.ts';

const alumnusFields = (alumnus: Alumni) => ({ email: alumnus.email, phone: alumnus.mobile });
const mailFields = (mail: Mail) => mail.about ?? { email: '', phone: '' };
const subscriptionFields = (subscription: Subscription) => ({ email: subscription.email, phone: '' });

export type PersonRecords = PersonalDataFound<Alumni, InboxMessage, SubscriptionFound>;

/** The records about the person `key` (person.ts) names, newest first. */
export function recordsAbout(
  stores: Pick<Stores, 'alumni' | 'messages' | 'subscriptions' | 'pushDevices'>,
  notifier: Notifier,
  key: string,
): PersonRecords {
  const about = isAbout(key);
  return {
    alumni: stores.alumni.data.alumni
      .filter((alumnus) => about(alumnusFields(alumnus)))
      .sort((a, b) => b.registrationDate.localeCompare(a.registrationDate)),
    messages: stores.messages.data.messages.filter(about).sort((a, b) => b.receivedAt.localeCompare(a.receivedAt)),
    subscriptions: stores.subscriptions.data.subscriptions
      .filter((subscription) => about(subscriptionFields(subscription)))
      .map((subscription) => ({
        ...subscription,
        devices: stores.pushDevices.data.devices.filter((device) => device.subscription === subscription._id),
      })),
    pendingMails: notifier
      .queued()
      .filter(({ mail }) => about(mailFields(mail)))
      .map(({ mail, queuedAt }) => ({ kind: mail.kind, subject: mail.subject, queuedAt })),
  };
}

interface EraseDeps {
  stores: Pick<Stores, 'alumni' | 'messages' | 'subscriptions' | 'pushDevices' | 'erasures'>;
  notifier: Notifier;
}

/**
 * Erases everything about the person `key` names: what a search with the same key finds. The
 * erasure list is written first, so that a crash halfway is finished at the next start, and a
 * restored backup is erased again.
 */
export async function erasePerson({ stores, notifier }: EraseDeps, key: string): Promise<Erased> {
  const { result: request } = await stores.erasures.update((list) => {
    const number = nextRequestNumber(list);
    list.requests.push({ number, at: new Date().toISOString(), hashes: [hashKey(list.salt, key)] });
    return number;
  });
  return { request, erased: await eraseListed({ stores, notifier }) };
}

/**
 * Removes every record and unsent e-mail whose person is on the erasure list: after an erasure,
 * and when the server starts (a restored backup may hold records erased since).
 */
export async function eraseListed({ stores, notifier }: EraseDeps): Promise<Erased['erased']> {
  const erased = erasedMatcher(stores.erasures.data);
  const alumni = await removeRecords(stores.alumni, 'alumni', (alumnus: Alumni) =>
    erased(personKeys(alumnusFields(alumnus)), alumnus.registrationDate),
  );
  const messages = await removeRecords(stores.messages, 'messages', (message: InboxMessage) =>
    erased(personKeys(message), message.receivedAt),
  );
  const subscriptions = await removeRecords(stores.subscriptions, 'subscriptions', (subscription: Subscription) =>
    erased(personKeys(subscriptionFields(subscription)), subscription.createdAt),
  );
  // The devices added from their links go with them (and with any subscription gone before).
  const kept = new Set(stores.subscriptions.data.subscriptions.map((subscription) => subscription._id));
  await removeRecords(stores.pushDevices, 'devices', (device: PushDevice) =>
    Boolean(device.subscription && !kept.has(device.subscription)),
  );
  const doomed = new Set(
    notifier
      .queued()
      .filter(({ mail, queuedAt }) => erased(personKeys(mailFields(mail)), queuedAt))
      .map(({ mail }) => mail),
  );
  const pendingMails = notifier.forget((mail) => doomed.has(mail));
  return { alumni: alumni.length, messages: messages.length, subscriptions: subscriptions.length, pendingMails };
}

/** Erases again, at start, what a restored backup brought back; the audit log gets the counts. */
export async function eraseAgainAtStart(deps: EraseDeps & { audit: AuditLog }): Promise<void> {
  const { alumni, messages, subscriptions } = await eraseListed(deps);
  if (alumni + messages + subscriptions === 0) return;
  await deps.audit.tryRecord({
    username: 'system',
    action: 'personal-data.erase-again',
    target: `${countLabel(alumni, 'registration')}, ${countLabel(messages, 'message')}${subscriptions > 0 ? `, ${countLabel(subscriptions, 'subscription')}` : ''} of people erased before`,
    address: 'system',
  });
}
