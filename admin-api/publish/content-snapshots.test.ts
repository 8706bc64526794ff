import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../site/contract/content.ts';
import { defaultContent } from '../store/default-content.ts';
import { PartJson } from '../store/part-json.ts';
import { readContentSnapshot, removeUnusedParts, SnapshotReader, writeContentSnapshot } from './content-snapshots.ts';

/** The store's bytes: made once per part, and of a list per item. */
const json = new PartJson();
const bytesOf = (part: unknown) => json.partBytes(part);

let dir: string;
let partsDir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'snapshots-'));
  partsDir = join(dir, 'content-parts');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The snapshot file of the build `build`. */
const snapshot = (build: string) => join(dir, build, 'content.json');
const write = (build: string, content: SiteContent, previous?: SiteContent) =>
  writeContentSnapshot(snapshot(build), partsDir, content, bytesOf, previous);
/** What the snapshot of `build` names: each part's file, or a list's chunks' files. */
const named = async (build: string) =>
  JSON.parse(await readFile(snapshot(build), 'utf8')) as Record<string, string | string[]>;
const partFiles = () => readdir(partsDir);

const first = defaultContent() as SiteContent;
const event = { _id: 'e1', title: 'Sports day', description: 'Races', date: '2031-01-15', time: '', location: '' };
/** The next version: the events changed, every other part the same object. */
const second = { ...first, events: [...first.events, event] } as SiteContent;

describe('content snapshots', () => {
  it('holds the content: one file per part, and a list in chunks', async () => {
    await write('a', first);
    expect(await readContentSnapshot(snapshot('a'))).toEqual(JSON.parse(JSON.stringify(first)));
    const files = await named('a');
    expect(typeof files.settings).toBe('string');
    expect(Array.isArray(files.events)).toBe(true);
  });

  it('names again the files of the parts the build before has, and writes only those that changed', async () => {
    await write('a', first);
    const before = await partFiles();
    await write('b', second, first);
    const [a, b] = [await named('a'), await named('b')];
    expect(b.settings).toBe(a.settings);
    expect(b.news).toEqual(a.news);
    expect(b.events).not.toEqual(a.events);
    expect((await partFiles()).filter((file) => !before.includes(file))).toHaveLength(1);
    expect(await readContentSnapshot(snapshot('b'))).toEqual(JSON.parse(JSON.stringify(second)));
    // The build before keeps its own content.
    expect((await readContentSnapshot(snapshot('a'))).events).toEqual(first.events);
  });

  it('writes every part without a build before', async () => {
    await write('a', first);
    await write('b', second);
    const [a, b] = [await named('a'), await named('b')];
    expect(b.settings).not.toBe(a.settings);
    expect(await readContentSnapshot(snapshot('b'))).toEqual(JSON.parse(JSON.stringify(second)));
  });

  it('parses again only the part files it did not read for the last snapshot', async () => {
    const reader = new SnapshotReader();
    await write('a', first);
    await write('b', second, first);
    const before = await reader.read(snapshot('a'));
    const after = await reader.read(snapshot('b'));
    expect(after.settings).toBe(before.settings);
    expect(after.events).not.toBe(before.events);
    expect(after.events).toEqual(second.events);

    // Written anew, with the same text: a file of its own, parsed again.
    await write('c', second);
    const again = await reader.read(snapshot('c'));
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
    await write('a', long);
    const written = await partFiles();
    await write('b', edited, long);
    const [before, after] = [(await named('a')).events as string[], (await named('b')).events as string[]];
    expect(before.length).toBeGreaterThan(3);
    expect(after.filter((file) => !before.includes(file))).toHaveLength(1);
    expect((await partFiles()).length).toBe(written.length + 1);

    const reader = new SnapshotReader();
    const read = await reader.read(snapshot('a'));
    const again = await reader.read(snapshot('b'));
    expect(again.events).toEqual(JSON.parse(JSON.stringify(edited.events)));
    expect(again.events[0]).toBe(read.events[0]);
    expect(again.events.at(-1)).toBe(read.events.at(-1));
    expect(again.events[2500]).not.toBe(read.events[2500]);
  });

  it('removes the part files no kept snapshot names', async () => {
    // The event is taken off again: its chunk is named by the first snapshot only.
    await write('a', second);
    await write('b', first, second);
    const both = await partFiles();
    await removeUnusedParts(partsDir, [snapshot('b')]);
    expect(await partFiles()).toHaveLength(both.length - 1);
    expect(await readContentSnapshot(snapshot('b'))).toEqual(JSON.parse(JSON.stringify(first)));
    // Given relative to the working folder, as DATA_DIR may be: the same files.
    await removeUnusedParts(relative(process.cwd(), partsDir), [relative(process.cwd(), snapshot('b'))]);
    expect(await partFiles()).toHaveLength(both.length - 1);
    // A snapshot that is not there (a build of an older version has a folder) names nothing.
    await removeUnusedParts(partsDir, [join(dir, 'old', 'content.json')]);
    expect(await partFiles()).toEqual([]);
  });
});
