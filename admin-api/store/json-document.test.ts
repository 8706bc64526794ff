import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { SiteContent } from '../../site/contract/content.ts';
import { LIST_LIMIT } from '../../site/contract/list-limits.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import { DamagedDataFileError } from './damaged-file.ts';
import { defaultContent } from './default-content.ts';
import { InvalidDocumentError, JsonDocument } from './json-document.ts';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'json-document-'));
  file = join(dir, 'nested', 'content.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = () => JsonDocument.open(file, SiteContent, defaultContent);
const event = (title: string) => ({
  _id: randomUUID(),
  title,
  description: 'A day of games',
  date: '2026-03-01',
  time: '',
  location: '',
  image: null,
  ...PUBLISHED_NOW,
});

describe('JsonDocument', () => {
  it('starts a fresh folder with the default content, written to disk', async () => {
    const store = await open();
    expect(store.data).toEqual(defaultContent());
    expect(store.data.presidentMessage).toMatch(/Welcome/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(defaultContent());
  });

  it('keeps what was written across a reopen', async () => {
    const store = await open();
    await store.update((content) => void content.events.push(event('Sports day')));
    const reopened = await open();
    expect(reopened.data.events.map((e) => e.title)).toEqual(['Sports day']);
  });

  it('refuses a change that breaks the schema and changes nothing', async () => {
    const store = await open();
    const before = await readFile(file, 'utf8');
    const change = store.update((content) => {
      content.events.push({ ...event('Broken'), date: 'not a date' });
    });
    await expect(change).rejects.toBeInstanceOf(InvalidDocumentError);
    expect(store.data.events).toEqual([]);
    expect(store.revision).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('validates only the items of a list that changed, keeping the others as they were', async () => {
    const store = await open();
    await store.update((content) => void content.events.push(event('One'), event('Two')));
    const [one] = store.data.events;
    await store.update((content) => void content.events.push(event('Three')));
    expect(store.data.events[0]).toBe(one);
    expect(store.data.events.map((e) => e.title)).toEqual(['One', 'Two', 'Three']);
    // A new item that breaks the schema is refused, with its place in the list.
    const broken = store.update((content) => void content.events.push({ ...event('Broken'), date: 'not a date' }));
    await expect(broken).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['events', 3, 'date'] })] });
    // The list's own limit still holds.
    const full = store.update((content) => {
      content.events = Array.from({ length: LIST_LIMIT + 1 }, () => content.events[0]!);
    });
    await expect(full).rejects.toBeInstanceOf(InvalidDocumentError);
    expect(store.data.events).toHaveLength(3);
  });

  it('changes nothing when the change itself throws', async () => {
    const store = await open();
    const change = store.update((content) => {
      content.events.push(event('Half done'));
      throw new Error('stop');
    });
    await expect(change).rejects.toThrow('stop');
    expect(store.data.events).toEqual([]);
    expect(JSON.parse(await readFile(file, 'utf8')).events).toEqual([]);
  });

  it('keeps all of 100 concurrent writes, and the file parses at every moment', async () => {
    const store = await open();
    let reading = true;
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        JSON.parse(await readFile(file, 'utf8'));
        reads += 1;
      }
    })();
    const titles = Array.from({ length: 100 }, (_, i) => `Event ${i}`);
    await Promise.all(titles.map((title) => store.update((c) => void c.events.push(event(title)))));
    reading = false;
    await reader;

    expect(reads).toBeGreaterThan(0);
    expect(store.revision).toBe(100);
    expect(store.data.events.map((e) => e.title).sort()).toEqual([...titles].sort());
    const onDisk = SiteContent.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(onDisk.events).toHaveLength(100);
  });

  it('tells listeners about each commit, with the document before and after', async () => {
    const store = await open();
    const seen: number[][] = [];
    store.onCommit((next, previous) => seen.push([previous.events.length, next.events.length]));
    await store.update((c) => void c.events.push(event('One')));
    await store
      .update(() => {
        throw new Error('refused');
      })
      .catch(() => {});
    expect(seen).toEqual([[0, 1]]);
  });

  it('lets an async change check something else before it commits, with no other change in between', async () => {
    const store = await open();
    let release!: () => void;
    const checked = new Promise<void>((resolve) => (release = resolve));
    const slow = store.update(async (content) => {
      await checked;
      content.events.push(event('Checked first'));
    });
    const next = store.update((content) => void content.events.push(event('Queued after')));
    release();
    await Promise.all([slow, next]);
    expect(store.data.events.map((e) => e.title)).toEqual(['Checked first', 'Queued after']);

    const refused = store.update(async () => {
      throw new Error('the check failed');
    });
    await expect(refused).rejects.toThrow('the check failed');
    expect(store.revision).toBe(2);
  });

  it('runs an exclusive task between changes, on the committed document', async () => {
    const store = await open();
    const seen: string[] = [];
    const first = store.update((content) => void content.events.push(event('One')));
    const task = store.exclusive(async (content) => {
      seen.push(`task sees ${content.events.length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen.push('task done');
    });
    const second = store.update((content) => {
      seen.push('second change');
      content.events.push(event('Two'));
    });
    await Promise.all([first, task, second]);
    expect(seen).toEqual(['task sees 1', 'task done', 'second change']);
  });

  it('refuses to start on a file that does not hold valid data, leaving it alone', async () => {
    const store = await open();
    await store.settled();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, '{"events": "nope"}');
    await expect(open()).rejects.toThrow(/does not hold valid data/);
    expect(await readFile(file, 'utf8')).toBe('{"events": "nope"}');
  });

  it('names a file cut short and what is wrong with it, and leaves it as it is', async () => {
    const store = await open();
    await store.settled();
    const whole = await readFile(file, 'utf8');
    for (const damaged of [whole.slice(0, whole.length / 2), '', 'null']) {
      await writeFile(file, damaged);
      const opening = open();
      await expect(opening).rejects.toBeInstanceOf(DamagedDataFileError);
      await expect(opening).rejects.toMatchObject({
        file,
        problem: expect.stringMatching(/^it (is not valid JSON \(.+\)|is empty|does not hold valid data)/),
      });
      expect(await readFile(file, 'utf8')).toBe(damaged);
    }
  });

  it('says where a document breaks the schema', async () => {
    await mkdir(join(dir, 'nested'), { recursive: true });
    await writeFile(file, JSON.stringify({ ...defaultContent(), events: [{ ...event('x'), date: 'soon' }] }));
    await expect(open()).rejects.toMatchObject({
      problem: expect.stringMatching(/^it does not hold valid data \(at events\[0\]\.date: /),
    });
  });
  it('copies only what a change touches: the other parts keep their identity', async () => {
    const store = await open();
    const before = store.data;
    await store.update((content) => void content.events.push(event('Sports day')));
    expect(store.data.gallery).toBe(before.gallery);
    expect(store.data.settings).toBe(before.settings);
    expect(store.data.events).not.toBe(before.events);
    expect(before.events).toEqual([]);
  });

  it('refuses an invalid change to one part with the path under its name, and changes nothing', async () => {
    const store = await open();
    await store.update((content) => void content.events.push(event('Sports day')));
    const [before, written] = [store.data, await readFile(file, 'utf8')];
    const refused = store.update((content) => {
      content.events[0]!.date = 'soon';
    });
    await expect(refused).rejects.toBeInstanceOf(InvalidDocumentError);
    await expect(refused).rejects.toMatchObject({ issues: [{ path: ['events', 0, 'date'] }] });
    expect(store.data).toBe(before);
    expect(store.data.events[0]!.date).toBe('2026-03-01');
    expect(await readFile(file, 'utf8')).toBe(written);
  });

  it('leaves the committed document alone when an async change fails halfway', async () => {
    const store = await open();
    const before = store.data;
    const failed = store.update(async (content) => {
      content.events.push(event('Half done'));
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('The image was not found');
    });
    await expect(failed).rejects.toThrow('The image was not found');
    expect(store.data).toBe(before);
    expect(store.data.events).toEqual([]);
  });

  it('answers a part of the draft a change returns as a plain object that outlives the change', async () => {
    const store = await open();
    const { result } = await store.update((content) => {
      content.events.push(event('Sports day'));
      return content.events[0]!;
    });
    expect(result.title).toBe('Sports day');
  });

  it('writes compact JSON, the same text it serves, and opens a pretty-printed file of an older version', async () => {
    await mkdir(join(dir, 'nested'), { recursive: true });
    await writeFile(file, JSON.stringify(defaultContent(), null, 2));
    const store = await open();
    await store.update((content) => void content.events.push(event('Sports day')));
    const written = await readFile(file, 'utf8');
    expect(written).not.toContain('\n');
    expect(written).toBe(store.serialized());
    expect(JSON.parse(written).events[0].title).toBe('Sports day');
  });

  it('writes a document of the version before publishing states once in this shape, its items published', async () => {
    const { status: _status, publishAt: _publishAt, ...older } = event('Sports day');
    await mkdir(join(dir, 'nested'), { recursive: true });
    await writeFile(file, JSON.stringify({ ...defaultContent(), events: [older] }));
    const store = await open();
    expect(store.data.events).toEqual([{ ...older, status: 'published', publishAt: null }]);
    const written = await readFile(file, 'utf8');
    expect(written).toBe(store.serialized());
    expect(JSON.parse(written).events).toEqual([{ ...older, status: 'published', publishAt: null }]);
    // Once: a file in this version's shape is not written again.
    const { ino, mtimeNs } = await stat(file, { bigint: true });
    await open();
    expect(await stat(file, { bigint: true })).toMatchObject({ ino, mtimeNs });
  });

  it('reads a document of an older version as it opens it, for a reader beside the server, writing nothing', async () => {
    const { status: _status, publishAt: _publishAt, ...older } = event('Sports day');
    await mkdir(join(dir, 'nested'), { recursive: true });
    const text = JSON.stringify({ ...defaultContent(), events: [older] });
    await writeFile(file, text);
    const read = await JsonDocument.read(file, SiteContent, defaultContent);
    expect(read.events).toEqual([{ ...older, status: 'published', publishAt: null }]);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('keeps the file of the older version as the previous copy when it writes it in this shape', async () => {
    const Accounts = z.object({ admins: z.array(z.object({ name: z.string(), role: z.string().default('editor') })) });
    const path = join(dir, 'admins.json');
    const older = JSON.stringify({ admins: [{ name: 'asha' }] });
    await writeFile(path, older);
    await JsonDocument.open(path, Accounts, () => ({ admins: [] }), { keepPrevious: true });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ admins: [{ name: 'asha', role: 'editor' }] });
    expect(await readFile(`${path}.bak`, 'utf8')).toBe(older);
  });
});

it('says where a damaged file fails to parse without repeating its text (personal data in alumni.json)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'damaged-quote-'));
  const path = join(dir, 'alumni.json');
  await writeFile(path, '{"alumni":[{"fullName":"Kiran Rao", "email": kiran.rao@example.org}]}');
  const refused = await JsonDocument.open(path, z.object({ alumni: z.array(z.unknown()) }), () => ({
    alumni: [],
  })).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DamagedDataFileError);
  expect((refused as DamagedDataFileError).problem).toMatch(/^it is not valid JSON \(Unexpected token/);
  expect((refused as DamagedDataFileError).message).not.toMatch(/kiran|example\.org/i);
  await rm(dir, { recursive: true, force: true });
});
