/**
 * Personal data is kept only as long as the school's settings say: contact messages for
 * `messageMonths` after they arrived, registrations never approved for `pendingAlumniDays`, and
 * anything sent without consent for NO_CONSENT_DAYS unless approved, and subscriptions never
 * confirmed for UNCONFIRMED_DAYS. The sweep runs when the
 * server starts and every 10 seconds after, on the clock's tens of seconds (so its next time is
 * known: `nextSweepAt`); what it removes goes with the e-mails about it not yet sent, and the audit
 * log says how many, never whose.
 */
import type { Alumni } from '../../site/contract/alumni.ts';
import type { InboxMessage } from '../../site/contract/contact.ts';
import { NO_CONSENT_DAYS, type RetentionSettings } from '../../site/contract/personal-data.ts';
import { type Subscription, UNCONFIRMED_DAYS } from '../../site/contract/subscriptions.ts';
import { countLabel } from '../../site/lib/display-format.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Notifier } from '../mail/notifier.ts';
import type { Stores } from '../store/stores.ts';
import { removeRecords } from './remove-records.ts';

const DAY_MS = 86_400_000;
/** How often the sweep runs after the one at start. */
const SWEEP_EVERY_MS = 10_000;

/** The time of the next sweep after `now`: the next multiple of SWEEP_EVERY_MS since the epoch. */
export function nextSweepAt(now = Date.now()): number {
  return (Math.floor(now / SWEEP_EVERY_MS) + 1) * SWEEP_EVERY_MS;
}

/** The moment `months` calendar months after `instant`. */
function monthsAfter(instant: string, months: number): number {
  const date = new Date(instant);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

const daysAfter = (instant: string, days: number) => Date.parse(instant) + days * DAY_MS;

/** Whether a contact message has been kept long enough at `now`. */
export function messageIsDue(message: InboxMessage, retention: RetentionSettings, now: number): boolean {
  if (!message.consent && daysAfter(message.receivedAt, NO_CONSENT_DAYS) <= now) return true;
  return monthsAfter(message.receivedAt, retention.messageMonths) <= now;
}

/** Whether a registration never approved has been kept long enough at `now`; approved ones stay. */
export function registrationIsDue(alumnus: Alumni, retention: RetentionSettings, now: number): boolean {
  if (alumnus.isApproved) return false;
  if (!alumnus.consent && daysAfter(alumnus.registrationDate, NO_CONSENT_DAYS) <= now) return true;
  return daysAfter(alumnus.registrationDate, retention.pendingAlumniDays) <= now;
}

/** Whether a subscription was never confirmed and has waited long enough at `now`. */
export const unconfirmedIsDue = (subscription: Subscription, now: number) =>
  !subscription.confirmedAt && daysAfter(subscription.createdAt, UNCONFIRMED_DAYS) <= now;

export interface SweepDeps {
  stores: Pick<Stores, 'content' | 'alumni' | 'messages' | 'subscriptions'>;
  notifier: Notifier;
  audit: AuditLog;
}

/** What a sweep at `now` removes, counted. */
export function dueNow({ stores }: Pick<SweepDeps, 'stores'>, now = Date.now()) {
  const { retention } = stores.content.data;
  return {
    messages: stores.messages.data.messages.filter((message) => messageIsDue(message, retention, now)).length,
    alumni: stores.alumni.data.alumni.filter((alumnus) => registrationIsDue(alumnus, retention, now)).length,
  };
}

/** Removes what is past its time; answers the counts. */
export async function sweep({ stores, notifier, audit }: SweepDeps, now = Date.now()) {
  const { retention } = stores.content.data;
  const messages = await removeRecords(stores.messages, 'messages', (message: InboxMessage) =>
    messageIsDue(message, retention, now),
  );
  const alumni = await removeRecords(stores.alumni, 'alumni', (alumnus: Alumni) =>
    registrationIsDue(alumnus, retention, now),
  );
  const subscriptions = await removeRecords(stores.subscriptions, 'subscriptions', (subscription: Subscription) =>
    unconfirmedIsDue(subscription, now),
  );
  const removed = new Set([...messages, ...alumni, ...subscriptions].map((record) => record._id));
  const pendingMails = notifier.forget((mail) => mail.about !== undefined && removed.has(mail.about.record));
  if (removed.size > 0) {
    await audit.tryRecord({
      username: 'system',
      action: 'retention.sweep',
      target: [
        countLabel(messages.length, 'message'),
        countLabel(alumni.length, 'registration'),
        ...(subscriptions.length > 0 ? [countLabel(subscriptions.length, 'unconfirmed subscription')] : []),
        `${countLabel(pendingMails, 'e-mail')} not sent`,
      ].join(', '),
      address: 'system',
    });
  }
  return { messages: messages.length, alumni: alumni.length, subscriptions: subscriptions.length, pendingMails };
}

/** Sweeps now and at every `nextSweepAt`; answers a function that stops it. */
export function keepPersonalDataInTime(deps: SweepDeps): () => void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    // A second on from now: a timer that fires a moment early does not set itself for the same time.
    timer = setTimeout(run, nextSweepAt(Date.now() + 1_000) - Date.now());
    timer.unref();
    sweep(deps).catch((error: unknown) =>
      console.error(
        'The retention sweep failed; it runs again in 10 seconds.',
        error instanceof Error ? error.message : error,
      ),
    );
  };
  run();
  return () => clearTimeout(timer);
}
