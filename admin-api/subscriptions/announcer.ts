/**
 * Decides what the subscribers are told, and when: an `emergency` or `important` notice as it
 * starts showing; a news item, an event or a circular as it becomes public (saved so, approved,
 * or at its `publishAt`), at once to those who want each item, and in the next daily or weekly
 * digest to the others. It looks after every change of the content and every few seconds (for
 * what a clock makes public, with no one signed in), and remembers what it announced
 * (`DATA_DIR/announced.json`), so an item edited after it went out is not sent again. On its first
 * run (a new install, or one upgraded from before subscriptions) it announces nothing of what is
 * already public: those keys go once to `DATA_DIR/announced-before.json`, a plain list read into
 * a set (at the limit, 60,000 keys, which a validated document would copy and check on every
 * write). Each announcement is written to the outbox before it is marked announced, under
 * an id the outbox takes once: a crash between the two sends nothing twice.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { ALERT_LEVEL_WORDS } from '../../site/contract/alerts.ts';
import type { SiteContent } from '../../site/contract/content.ts';
import { dateInZone } from '../../site/contract/dates.ts';
import { publicContent } from '../../site/contract/public-content.ts';
import { isCurrentOn } from '../../site/lib/schedule.ts';
import { writeAtomically } from '../store/atomic-files.ts';
import { JsonDocument } from '../store/json-document.ts';
import type { Stores } from '../store/stores.ts';
import { type AnnouncedItem, type Announcement, ITEM_TOPICS, type ItemTopic, itemPath } from './announcements.ts';
import { DIGEST_FREQUENCIES, lastDigestDue } from './digest-schedule.ts';
import type { Outbox } from './outbox.ts';

/** How often it looks whether the clock made something public, besides after every change. */
const LOOK_EVERY_MS = 2_000;
/** An announced item deleted since is forgotten after this long, when no digest can still need it. */
const FORGET_AFTER_MS = 8 * 86_400_000;

const Announced = z.object({
  /** When it first ran; null until then. */
  since: z.iso.datetime().nullable().default(null),
  /** `<topic>:<id>` (`alert:<id>` for a notice) → when it was announced. */
  announced: z.record(z.string(), z.iso.datetime()).default({}),
  /** When each digest was last due (and sent, to whoever wanted one). */
  digests: z.object({ daily: z.iso.datetime().nullable(), weekly: z.iso.datetime().nullable() }).default({
    daily: null,
    weekly: null,
  }),
});
type Announced = z.infer<typeof Announced>;

/** A way announcements go out: e-mail, or notifications; its outbox, and who is to receive each. */
export interface Channel {
  outbox: Outbox<Announcement>;
  recipients(announcement: Announcement): string[];
}

export class Announcer {
  readonly #stores: Pick<Stores, 'content'>;
  readonly #channels: readonly Channel[];
  readonly #document: JsonDocument<typeof Announced>;
  /** The keys public at the first run, never announced (`announced-before.json`). */
  readonly #before: Set<string>;
  readonly #beforeFile: string;
  #turn: Promise<void> = Promise.resolve();
  /** The public view and the day of the last look: while both stay, nothing new became public. */
  #looked: { view: SiteContent; today: string } | null = null;

  private constructor(
    stores: Pick<Stores, 'content'>,
    channels: readonly Channel[],
    document: JsonDocument<typeof Announced>,
    before: { file: string; keys: Set<string> },
  ) {
    this.#stores = stores;
    this.#channels = channels;
    this.#document = document;
    this.#before = before.keys;
    this.#beforeFile = before.file;
  }

  static async open(dataDir: string, stores: Pick<Stores, 'content'>, channels: readonly Channel[]) {
    const document = await JsonDocument.open(join(dataDir, 'announced.json'), Announced, () => Announced.parse({}));
    const file = join(dataDir, 'announced-before.json');
    // Missing or damaged once a first run was made: that run is made again, which sends nothing.
    const keys = await readFile(file, 'utf8').then(
      (text) => new Set(JSON.parse(text) as string[]),
      () => null,
    );
    if (!keys && document.data.since !== null) {
      await document.update((draft) => {
        draft.since = null;
      });
    }
    return new Announcer(stores, channels, document, { file, keys: keys ?? new Set() });
  }

  /** Looks now, after every change of the content and every few seconds; answers a function that stops it. */
  start(): () => void {
    const look = () =>
      void this.look().catch((error: unknown) =>
        console.error('Could not decide what to tell the subscribers; trying again in a moment.', error),
      );
    const stopListening = this.#stores.content.onCommit(look);
    const timer = setInterval(look, LOOK_EVERY_MS);
    timer.unref();
    look();
    return () => {
      clearInterval(timer);
      stopListening();
    };
  }

  /** Announces what became public by `now`, and the digests due; one look at a time. */
  look(now = new Date()): Promise<void> {
    const turn = this.#turn.then(() => this.#look(now));
    this.#turn = turn.catch(() => undefined);
    return turn;
  }

  async #look(now: Date) {
    const view = publicContent(this.#stores.content.data, now);
    const state = this.#document.data;
    const today = dateInZone(now, view.settings.timeZone);
    const unchanged = this.#looked?.view === view && this.#looked.today === today;
    const known = (key: string) => this.#before.has(key) || Object.hasOwn(state.announced, key);
    const fresh = unchanged ? [] : freshKeys(view, known, now);
    if (state.since === null) await this.#firstRun(fresh, view, now);
    else await this.#announce(fresh, view, now);
    // Only once it is all written: a look that failed is made again in full.
    this.#looked = { view, today };
  }

  async #announce(fresh: readonly string[], view: SiteContent, now: Date) {
    for (const key of fresh) {
      const announcement = announcementOf(view, key, now);
      if (announcement) await this.#send(key.replace(':', '-'), announcement);
    }
    const digests = await this.#digestsDue(view, now);
    if (fresh.length === 0 && digests.length === 0) return;
    await this.#document.update((draft) => {
      for (const key of fresh) draft.announced[key] = now.toISOString();
      for (const { frequency, due } of digests) draft.digests[frequency] = due;
      forgetDeleted(draft, this.#stores.content.data, now);
    });
  }

  /** What is public already was announced before: nothing is sent for it, and no digest is due yet. */
  async #firstRun(fresh: readonly string[], view: SiteContent, now: Date) {
    for (const key of fresh) this.#before.add(key);
    await writeAtomically(this.#beforeFile, Buffer.from(JSON.stringify([...this.#before])));
    await this.#document.update((draft) => {
      draft.since = now.toISOString();
      for (const frequency of DIGEST_FREQUENCIES) {
        draft.digests[frequency] = lastDigestDue(frequency, now, view.settings).toISOString();
      }
    });
  }

  /** Writes `announcement` to each channel's outbox for those who want it (none: nothing to write). */
  async #send(id: string, announcement: Announcement) {
    for (const { outbox, recipients } of this.#channels) {
      const to = recipients(announcement);
      // A batch of this id queued or sent already is not queued again (Outbox.enqueue).
      if (to.length === 0) continue;
      await outbox.enqueue(id, announcement, to, {
        urgent: announcement.kind === 'alert',
        about: aboutOf(announcement),
      });
    }
  }

  /** Sends the digests due since their last time: the items announced in between, still public. */
  async #digestsDue(view: SiteContent, now: Date) {
    const state = this.#document.data;
    const sent: { frequency: (typeof DIGEST_FREQUENCIES)[number]; due: string }[] = [];
    for (const frequency of DIGEST_FREQUENCIES) {
      const due = lastDigestDue(frequency, now, view.settings).toISOString();
      const last = state.digests[frequency];
      if (last !== null && last >= due) continue;
      const items = Object.entries(state.announced)
        .filter(([key, at]) => !key.startsWith('alert:') && (last === null || at > last) && at <= due)
        .sort(([, a], [, b]) => a.localeCompare(b))
        .flatMap(([key]) => publicItem(view, key, now) ?? []);
      if (items.length > 0) await this.#send(`digest-${frequency}-${due}`, { kind: 'digest', frequency, items });
      sent.push({ frequency, due });
    }
    return sent;
  }
}

const TOPIC_NAMES = { news: 'News', events: 'Event', circulars: 'Circular' } as const;

/** What an announcement is, for the mail log: `Emergency notice: …`, `News: …`, `Daily digest`. */
function aboutOf(announcement: Announcement): string {
  switch (announcement.kind) {
    case 'alert':
      return `${ALERT_LEVEL_WORDS[announcement.alert.level]} notice: ${announcement.alert.message}`;
    case 'item':
      return `${TOPIC_NAMES[announcement.announced.topic]}: ${announcement.announced.item.title}`;
    case 'digest':
      return announcement.frequency === 'daily' ? 'Daily digest' : 'Weekly digest';
  }
}

/** The keys (`alert:<id>`, `news:<id>`…) of the notices and items public in `view` at `now` not announced yet. */
function freshKeys(view: SiteContent, known: (key: string) => boolean, now: Date): string[] {
  const keys = [
    ...view.alerts
      .filter((alert) => alert.level === 'emergency' || alert.level === 'important')
      .map((alert) => `alert:${alert._id}`),
    ...[...announceableItems(view, now)].map(([topic, id]) => `${topic}:${id}`),
  ];
  return keys.filter((key) => !known(key));
}

/** What to say of the notice or item `key` names, or null when it is not public (any more). */
function announcementOf(view: SiteContent, key: string, now: Date): Announcement | null {
  if (key.startsWith('alert:')) {
    const alert = view.alerts.find((candidate) => `alert:${candidate._id}` === key);
    return alert ? { kind: 'alert', alert } : null;
  }
  const announced = publicItem(view, key, now);
  return announced ? { kind: 'item', announced } : null;
}

/**
 * The items a family would be told of now: the current news (its day has come, not expired), the
 * events to come, every circular.
 */
function* announceableItems(view: SiteContent, now: Date): Generator<[ItemTopic, string]> {
  const today = dateInZone(now, view.settings.timeZone);
  for (const item of view.news) if (isCurrentOn(item, today)) yield ['news', item._id];
  for (const event of view.events) if (event.date >= today) yield ['events', event._id];
  for (const circular of view.circulars) yield ['circulars', circular._id];
}

/** The item `key` (`news:<id>`…) names, as public in `view`, or null when it is not (any more). */
function publicItem(view: SiteContent, key: string, now: Date): AnnouncedItem | null {
  const [topic, id] = key.split(':') as [ItemTopic, string];
  if (!ITEM_TOPICS.includes(topic)) return null;
  const item = (view[topic] as readonly { _id: string }[]).find((candidate) => candidate._id === id);
  return item ? ({ topic, item, path: itemPath(view, topic, id, now) } as AnnouncedItem) : null;
}

/** Forgets the announced items deleted from the content long enough ago that no digest needs them. */
function forgetDeleted(draft: Announced, content: SiteContent, now: Date) {
  const ids = new Set<string>(content.alerts.map((alert) => `alert:${alert._id}`));
  for (const topic of ITEM_TOPICS) for (const item of content[topic]) ids.add(`${topic}:${item._id}`);
  for (const [key, at] of Object.entries(draft.announced)) {
    if (!ids.has(key) && now.getTime() - Date.parse(at) > FORGET_AFTER_MS) delete draft.announced[key];
  }
}
