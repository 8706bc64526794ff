import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, chunksOf, LONGEST_CHUNK_BYTES } from './list-chunks.ts';

const sizeOf = (item: unknown) => Buffer.byteLength(JSON.stringify(item));
const bytesOf = (chunk: unknown[]) => chunk.reduce<number>((total, item) => total + sizeOf(item), 0);
/** `count` news items whose text is `length` characters long. */
const news = (count: number, length: number) =>
  Array.from({ length: count }, (_, n) => ({
    _id: `news-${n.toString(36)}`,
    title: `News ${n}`,
    text: 'x'.repeat(length),
  }));

describe('list chunks', () => {
  it('holds some CHUNK_BYTES of JSON a chunk, however long the items are', () => {
    // One language's items, and items four times as long (three more languages' texts).
    for (const items of [news(20_000, 500), news(20_000, 2000)]) {
      const chunks = chunksOf(items, sizeOf);
      expect(chunks.flat()).toEqual(items);
      const average = bytesOf(items) / chunks.length;
      expect(average).toBeGreaterThan(CHUNK_BYTES / 2);
      expect(average).toBeLessThan(CHUNK_BYTES * 1.5);
      for (const chunk of chunks) expect(bytesOf(chunk) - sizeOf(chunk.at(-1))).toBeLessThan(LONGEST_CHUNK_BYTES);
    }
  });

  it('changes one chunk when an item is inserted or removed, not those after it', () => {
    const items = news(5000, 1000);
    const before = chunksOf(items, sizeOf);
    const inserted = chunksOf([...items.slice(0, 2500), { _id: 'new', text: 'y' }, ...items.slice(2500)], sizeOf);
    const removed = chunksOf(items.toSpliced(2500, 1), sizeOf);
    for (const after of [inserted, removed]) {
      const changed = after.filter(
        (chunk) => !before.some((old) => old.length === chunk.length && old[0] === chunk[0]),
      );
      expect(changed.length).toBeLessThanOrEqual(2);
      expect(after.length).toBeGreaterThan(10);
    }
  });

  it('cuts a list without ids at the longest chunk', () => {
    const items = Array.from({ length: 3000 }, () => ({ text: 'z'.repeat(1000) }));
    const chunks = chunksOf(items, sizeOf);
    expect(chunks.flat()).toEqual(items);
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks.slice(0, -1)) {
      expect(bytesOf(chunk)).toBeGreaterThanOrEqual(LONGEST_CHUNK_BYTES);
      expect(bytesOf(chunk.slice(0, -1))).toBeLessThan(LONGEST_CHUNK_BYTES);
    }
  });
});
