import { describe, expect, it } from 'vitest';
import type { SchoolEvent, SiteContent } from '../../site/contract/content.ts';
import type { Page } from '../../site/contract/pages.ts';
import { versionOf } from '../../site/contract/publication.ts';
import { defaultContent } from '../store/default-content.ts';
import { stampChanges } from './stamps.ts';

const NOW = new Date('2026-11-25T06:00:00.000Z'); // 11:30 at the default school (Asia/Kolkata)
const EARLIER = { at: '2026-11-20T10:00:00.000Z', by: 'ravi' };

const event = (id: string, title = `Event ${id}`): SchoolEvent => ({
  _id: id,
  title,
  description: '',
  date: '2031-01-10',
  time: '',
  location: '',
  image: null,
  status: 'published',
  publishAt: null,
});

function stored(): SiteContent {
  const content = defaultContent();
  return {
    ...content,
    events: [{ ...event('a'), updated: EARLIER }, { ...event('b'), updated: EARLIER }, event('c')],
    settings: { ...content.settings, updated: EARLIER },
  };
}

/** The content as a whole-document save sends it: a deep copy, equal to what is stored. */
const copyOf = (content: SiteContent): SiteContent => structuredClone(content);
const withPage = (content: SiteContent, slug: Page['slug'], change: (page: Page) => Page) =>
  content.pages.map((page) => (page.slug === slug ? change(page) : page)) as SiteContent['pages'];

describe('stampChanges', () => {
  it('stamps only the item that changed, with who changed it and when', () => {
    const previous = stored();
    const next = {
      ...previous,
      events: [previous.events[0]!, { ...previous.events[1]!, title: 'Renamed' }, previous.events[2]!],
    };
    const result = stampChanges(next, previous, 'asha', NOW);
    expect(result.events[1]!.updated).toEqual({ at: NOW.toISOString(), by: 'asha' });
    expect(result.events[0]).toBe(previous.events[0]);
    expect(result.events[2]).toBe(previous.events[2]);
    expect(result.settings).toBe(previous.settings);
    expect(result.pages).toBe(previous.pages);
    expect(result.leadershipUpdated).toBeUndefined();
  });

  it('stamps a new item', () => {
    const previous = stored();
    const next = { ...previous, events: [...previous.events, event('d')] };
    expect(stampChanges(next, previous, 'asha', NOW).events[3]!.updated).toEqual({ at: NOW.toISOString(), by: 'asha' });
  });

  it('keeps the items a deletion or a new order only moved, and stamps the one changed among them', () => {
    const previous = stored();
    const [a, b, c] = previous.events as [SchoolEvent, SchoolEvent, SchoolEvent];
    const deleted = stampChanges({ ...previous, events: [a, c] }, previous, 'asha', NOW);
    expect(deleted.events).toEqual([a, c]);
    expect(deleted.events[1]).toBe(c);
    const reordered = stampChanges({ ...previous, events: [c, { ...a, title: 'Moved' }, b] }, previous, 'asha', NOW);
    expect(reordered.events[0]).toBe(c);
    expect(reordered.events[2]).toBe(b);
    expect(reordered.events[1]!.updated).toEqual({ at: NOW.toISOString(), by: 'asha' });
  });

  it('keeps the stored objects of everything a whole document sends again unchanged', () => {
    const previous = stored();
    const next = copyOf(previous);
    next.events[2] = { ...next.events[2]!, location: 'Hall' };
    const result = stampChanges(next, previous, 'asha', NOW);
    expect(result.events[0]).toBe(previous.events[0]);
    expect(result.events[1]).toBe(previous.events[1]);
    expect(result.events[2]!.updated?.by).toBe('asha');
    expect(result.settings).toBe(previous.settings);
    result.pages.forEach((page, index) => {
      expect(page).toBe(previous.pages[index]);
    });
    expect(result.leadershipUpdated).toBeUndefined();
  });

  it('does not let a client set the stamp: an unchanged item keeps it, a changed one gets a new one', () => {
    const previous = stored();
    const forged = { at: '2099-01-01T00:00:00.000Z', by: 'mallory' };
    const next = copyOf(previous);
    next.events[0] = { ...next.events[0]!, updated: forged };
    next.events[1] = { ...next.events[1]!, title: 'Changed', updated: forged };
    const result = stampChanges(next, previous, 'asha', NOW);
    expect(result.events[0]).toBe(previous.events[0]);
    expect(result.events[1]!.updated?.by).toBe('asha');
  });

  it('stamps the school details only when a field of them changed', () => {
    const previous = stored();
    const same = { ...previous, settings: { ...previous.settings } };
    expect(stampChanges(same, previous, 'asha', NOW).settings).toBe(previous.settings);
    const changed = { ...previous, settings: { ...previous.settings, phone: '+91 80 1111 2222' } };
    expect(stampChanges(changed, previous, 'asha', NOW).settings.updated).toEqual({
      at: NOW.toISOString(),
      by: 'asha',
    });
  });

  it("stamps each leader's message or photo that changed, and no other", () => {
    const previous = stored();
    const next = { ...previous, secretaryMessage: 'A new message', presidentImage: null };
    const result = stampChanges(next, previous, 'asha', NOW);
    expect(result.leadershipUpdated).toEqual({ secretary: { at: NOW.toISOString(), by: 'asha' } });
  });

  it('stamps the page that changed and keeps its public text while it waits', () => {
    const previous = stored();
    const admissions = previous.pages.find((page) => page.slug === 'admissions')!;
    const next = {
      ...previous,
      pages: withPage(previous, 'admissions', (page) => ({ ...page, body: 'Draft text', status: 'draft' })),
    };
    const result = stampChanges(next, previous, 'asha', NOW);
    const page = result.pages.find((one) => one.slug === 'admissions')!;
    expect(page.updated).toEqual({ at: NOW.toISOString(), by: 'asha' });
    expect(page.live).toEqual({ title: admissions.title, body: admissions.body });
    expect(result.pages.filter((one) => one.updated)).toHaveLength(1);
    // Published later, it no longer keeps the old text.
    const published = { ...result, pages: withPage(result, 'admissions', (one) => ({ ...one, status: 'published' })) };
    const after = stampChanges(published, result, 'asha', new Date(NOW.getTime() + 1000));
    expect(after.pages.find((one) => one.slug === 'admissions')).not.toHaveProperty('live');
  });

  it('makes versions that always increase, even for changes in the same millisecond or with the clock behind', () => {
    let content = stored();
    const versions = [versionOf(content.events[0])];
    for (const [index, now] of [NOW, NOW, NOW, new Date(NOW.getTime() - 60_000)].entries()) {
      const next = {
        ...content,
        events: [{ ...content.events[0]!, title: `Title ${index}` }, ...content.events.slice(1)],
      };
      content = stampChanges(next, content, 'asha', now);
      versions.push(versionOf(content.events[0]));
    }
    for (let i = 1; i < versions.length; i++) expect(versions[i]! > versions[i - 1]!).toBe(true);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
