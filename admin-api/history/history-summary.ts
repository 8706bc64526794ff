import type { SiteContent } from '../../site/contract/content.ts';
import { sameValue } from '../../site/lib/same-value.ts';

/** What the lists of items are called in a summary. */
const LIST_NAMES: Partial<Record<keyof SiteContent, string>> = {
  logos: 'logo',
  homegallery: 'home page photo',
  gallery: 'gallery',
  events: 'event',
  news: 'news item',
  circulars: 'circular',
  alerts: 'urgent notice',
};

const FIELD_NAMES: Partial<Record<keyof SiteContent, string>> = {
  presidentMessage: 'the president’s message',
  presidentImage: 'the president’s photo',
  secretaryMessage: 'the secretary’s message',
  secretaryImage: 'the secretary’s photo',
  correspondentMessage: 'the correspondent’s message',
  correspondentImage: 'the correspondent’s photo',
  headmistressMessage: 'the headmistress’s message',
  headmistressImage: 'the headmistress’s photo',
  honoraryPresidentMessage: 'the honorary president’s message',
  honoraryPresidentImage: 'the honorary president’s photo',
  settings: 'the settings',
  pages: 'the pages',
};

type Item = { _id: string } & Record<string, unknown>;

function itemName(item: Item): string {
  for (const key of ['title', 'name', 'caption', 'alt', 'message']) {
    const value = item[key];
    if (typeof value === 'string' && value.trim()) return ` “${value.trim().slice(0, 80)}”`;
  }
  return '';
}

/** Who last changed each leader's message: it changes with the message, and says nothing more. */
const BOOKKEEPING = new Set<keyof SiteContent>(['leadershipUpdated']);

/** The keys of the content whose value differs between the two versions. */
export function changedKeys(previous: SiteContent, next: SiteContent): (keyof SiteContent)[] {
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]) as Set<keyof SiteContent>;
  return [...keys].filter((key) => !BOOKKEEPING.has(key) && !sameValue(previous[key], next[key]));
}

/** A change in plain words: "Deleted news item “Sports Day”", "Edited the president’s message". */
export function summarize(previous: SiteContent, next: SiteContent): string {
  const keys = changedKeys(previous, next);
  if (keys.length === 0) return 'No change';
  if (keys.length > 1) return `Edited ${keys.map(describeKey).join(', ')}`;
  const key = keys[0]!;
  const noun = LIST_NAMES[key];
  if (!noun) return `Edited ${describeKey(key)}`;
  // Only the items that are not the same objects in both versions can have been added, removed or edited.
  const [kept, keeps] = [new Set(previous[key] as Item[]), new Set(next[key] as Item[])];
  const before = (previous[key] as Item[]).filter((item) => !keeps.has(item));
  const after = (next[key] as Item[]).filter((item) => !kept.has(item));
  const beforeIds = new Map(before.map((item) => [item._id, item]));
  const afterIds = new Set(after.map((item) => item._id));
  const removed = before.filter((item) => !afterIds.has(item._id));
  const added = after.filter((item) => !beforeIds.has(item._id));
  if (removed.length === 1 && added.length === 0) return `Deleted ${noun}${itemName(removed[0]!)}`;
  if (added.length === 1 && removed.length === 0) return `Added ${noun}${itemName(added[0]!)}`;
  if (removed.length === 0 && added.length === 0) {
    const edited = after.filter((item) => JSON.stringify(beforeIds.get(item._id)) !== JSON.stringify(item));
    if (edited.length === 1) return `Edited ${noun}${itemName(edited[0]!)}`;
    if (edited.length === 0) return `Reordered the ${noun} list`;
  }
  return `Changed the ${noun} list`;
}

function describeKey(key: keyof SiteContent): string {
  const noun = LIST_NAMES[key];
  return noun ? `the ${noun} list` : (FIELD_NAMES[key] ?? String(key));
}
