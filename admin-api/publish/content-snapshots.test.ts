import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../site/contract/content.ts';
import { defaultContent } from '../store/default-content.ts';
import { PartJson } from '../store/part-json.ts';
import { readContentSnapshot, SnapshotReader, writeContentSnapshot } from './content-snapshots.ts';

/** The store's bytes: made once per part, and of a list per item. */
const json = new PartJson();
const bytesOf = (part: unknown) => json.partBytes(part);
const inode = async (file: string) => (await stat(file)).ino;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'snapshots-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const first = defaultContent() as SiteContent;
const event = { _id: 'e1', title: 'Sports day', description: 'Races', date: '2031-01-15', time: '', location: '' };
/** The next version: the events changed, every other part the same object. */
const second = { ...first, events: [...first.events, event] } as SiteContent;

describe('content snapshots', () => {
  it('holds the content, one file per part, and a list in chunks', async () => {
    await writeContentSnapshot(join(dir, 'a'), first, bytesOf);
    expect(await readContentSnapshot(join(dir, 'a'))).toEqual(JSON.parse(JSON.stringify(first)));
    expect((await stat(join(dir, 'a', 'settings.json'))).isFile()).toBe(true);
    expect((await stat(join(dir, 'a', 'events.list.json'))).isFile()).toBe(true);
  });

  it('links the parts the build before holds already, and writes those that changed', async () => {
    await writeContentSnapshot(join(dir, 'a'), first, bytesOf);
    await writeContentSnapshot(join(dir, 'b'), second, bytesOf, { dir: join(dir, 'a'), content: first });
    const file = (build: string, key: string) => join(dir, build, `${key}.json`);
    expect(await inode(file('b', 'settings'))).toBe(await inode(file('a', 'settings')));
    expect(await readContentSnapshot(join(dir, 'b'))).toEqual(JSON.parse(JSON.stringify(second)));
    // The build before keeps its own content.
    expect((await readContentSnapshot(join(dir, 'a'))).events).toEqual(first.events);
  });

  it('writes a part the build before does not have (a build of an older version)', async () => {
    await writeContentSnapshot(join(dir, 'b'), second, bytesOf, { dir: join(dir, 'missing'), content: first });
    expect(await readContentSnapshot(join(dir, 'b'))).toEqual(JSON.parse(JSON.stringify(second)));
  });

  it('parses again only the parts whose files are not those it read last', async () => {
    const reader = new SnapshotReader();
    await writeContentSnapshot(join(dir, 'a'), first, bytesOf);
    await writeContentSnapshot(join(dir, 'b'), second, bytesOf, { dir: join(dir, 'a'), content: first });
    const before = await reader.read(join(dir, 'a'));
    const after = await reader.read(join(dir, 'b'));
    expect(after.settings).toBe(before.settings);
    expect(after.events).not.toBe(before.events);
    expect(after.events).toEqual(second.events);

    // Written anew, with the same text: a file of its own, parsed again.
    await writeContentSnapshot(join(dir, 'c'), second, bytesOf);
    const again = await reader.read(join(dir, 'c'));
    expect(again.settings).not.toBe(after.settings);
    expect(again).toEqual(after);
  });

  it('writes and parses again only the chunk of a long list that an edit changed', async () => {
    // Events as a school writes them: half a kilobyte each, 2.5 MB in all.
    const description = 'Races on the main field; parents are welcome to watch from the stands. '.repeat(7);
    const events = Array.from({ length: 5000 }, (_, index) => ({ ...event, description, _id: `event-${index}` }));
    const long = { ...first, events } as SiteContent;
    const edited = {
      ...long,
      events: events.map((item, index) => (index === 2500 ? { ...item, title: 'Moved indoors' } : item)),
    } as SiteContent;
    await writeContentSnapshot(join(dir, 'a'), long, bytesOf);
    await writeContentSnapshot(join(dir, 'b'), edited, bytesOf, { dir: join(dir, 'a'), content: long });
    const chunks = async (build: string) => {
      const names = JSON.parse(await readFile(join(dir, build, 'events.list.json'), 'utf8')) as string[];
      return Promise.all(names.map((name) => inode(join(dir, build, 'events', `${name}.json`))));
    };
    const [before, after] = [await chunks('a'), await chunks('b')];
    expect(before.length).toBeGreaterThan(3);
    expect(after.filter((ino) => !before.includes(ino))).toHaveLength(1);
    expect(await readdir(join(dir, 'b', 'events'))).toHaveLength(after.length);

    const reader = new SnapshotReader();
    const read = await reader.read(join(dir, 'a'));
    const again = await reader.read(join(dir, 'b'));
    expect(again.events).toEqual(JSON.parse(JSON.stringify(edited.events)));
    expect(again.events[0]).toBe(read.events[0]);
    expect(again.events.at(-1)).toBe(read.events.at(-1));
    expect(again.events[2500]).not.toBe(read.events[2500]);
  });
});
