import { describe, expect, it } from 'vitest';
import type { SchoolEvent, SiteContent } from '../../site/contract/content.ts';
import { documentsOf, imagesOf } from './content-references.ts';
import { defaultContent } from './default-content.ts';

const event = (id: string, fields: Partial<SchoolEvent> = {}): SchoolEvent => ({
  _id: id,
  title: `Event ${id}`,
  description: '',
  date: '2031-01-10',
  time: '',
  location: '',
  image: null,
  status: 'published',
  publishAt: null,
  ...fields,
});
const image = (imageId: string) => ({ imageId, originalName: `${imageId}.jpg` });
const linking = (documentId: string) => `See [the form](/documents/${documentId}).`;
/** A document id as uploads make them. */
const doc = (n: number) => `${String(n).repeat(32)}.pdf`;

function content(events: SchoolEvent[], news: SiteContent['news'] = []): SiteContent {
  return { ...defaultContent(), events, news };
}

describe('References.onlyIn', () => {
  it('finds what a change attached and what it dropped, and nothing else', () => {
    const before = content([event('a', { image: image('img-1') }), event('b', { description: linking(doc(1)) })]);
    const after = {
      ...before,
      events: [
        before.events[0]!,
        { ...before.events[1]!, description: linking(doc(2)) },
        event('c', { image: image('img-2') }),
      ],
    };
    expect(imagesOf.onlyIn(after, before)).toEqual(['img-2']);
    expect(imagesOf.onlyIn(before, after)).toEqual([]);
    expect(documentsOf.onlyIn(after, before)).toEqual([doc(2)]);
    expect(documentsOf.onlyIn(before, after)).toEqual([doc(1)]);
  });

  it('does not count an id that only moved from one part to another', () => {
    const before = content([event('a', { image: image('img-1'), description: linking(doc(1)) })]);
    const after = content([event('a')], [newsWith('img-1', linking(doc(1)))]);
    expect(imagesOf.onlyIn(after, before)).toEqual([]);
    expect(imagesOf.onlyIn(before, after)).toEqual([]);
    expect(documentsOf.onlyIn(after, before)).toEqual([]);
    expect(documentsOf.onlyIn(before, after)).toEqual([]);
  });

  it('agrees with the ids of the whole documents', () => {
    const before = content([event('a', { image: image('img-1') }), event('b', { image: image('img-2') })]);
    const after = content([before.events[1]!, event('c', { image: image('img-3') })]);
    const difference = (a: Set<string>, b: Set<string>) => [...a].filter((id) => !b.has(id));
    expect(imagesOf.onlyIn(after, before)).toEqual(difference(imagesOf(after), imagesOf(before)));
    expect(imagesOf.onlyIn(before, after)).toEqual(difference(imagesOf(before), imagesOf(after)));
  });

  it('reads only the items an edit added to a long list', () => {
    const untouched = ['a', 'b', 'c'].map(
      (id) =>
        new Proxy(event(id), {
          get: () => {
            throw new Error('read an item the edit did not touch');
          },
        }),
    );
    const before = content(untouched);
    const after = content([...untouched, event('d', { description: linking(doc(4)) })]);
    expect(imagesOf.onlyIn(after, before)).toEqual([]);
    expect(documentsOf.onlyIn(before, after)).toEqual([]);
  });
});

/** A news item with an image and a text (the fields the references are found in). */
const newsWith = (imageId: string, body: string) =>
  ({ _id: 'n1', title: 'News', body, image: image(imageId) }) as unknown as SiteContent['news'][number];
