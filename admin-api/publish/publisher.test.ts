import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import { ALL_PAGES, isTouched } from '../../site/page-dependencies.ts';
import { openStores, type Stores } from '../store/stores.ts';
import type { PreviousBuild } from './carry-over.ts';
import { readContentSnapshot } from './content-snapshots.ts';
import { Publisher, type SiteBuilder } from './publisher.ts';
import type { RecordFiles } from './render-pages.ts';
import { findFile } from './static-site.ts';

/** A stand-in for Astro: writes a home page listing the event titles of the snapshot. */
class FakeBuilder implements SiteBuilder {
  builds = 0;
  #headers = { '/index.html': { 'content-security-policy': "script-src 'self'" } };
  failNext = false;
  /** The previous build each render was offered to carry pages over from. */
  offered: (PreviousBuild | undefined)[] = [];
  async render(contentFile: string, outDir: string, previous?: PreviousBuild) {
    this.builds += 1;
    this.offered.push(previous);
    const content = await readContentSnapshot(contentFile);
    if (this.failNext) {
      this.failNext = false;
      await mkdir(outDir, { recursive: true });
      await writeFile(join(outDir, 'index.html'), 'half written');
      throw new Error('The build broke');
    }
    await mkdir(join(outDir, '_astro'), { recursive: true });
    const titles = content.events.map((e: { title: string }) => e.title).join(', ');
    await writeFile(join(outDir, 'index.html'), `<p>Events: ${titles}</p>`);
    await writeFile(join(outDir, '_astro', 'app.abc123.js'), 'console.log(1);'.repeat(100));
    const later = this.#later;
    this.#later = null;
    if (later !== null) {
      // The previous build's later.html stands for the new one until renderShifted.
      this.#shifted = { outDir, titles, gate: later };
      return { ...this.#rendered(['/index.html', '/_astro/app.abc123.js']), carried: ['/later.html'], shifted: true };
    }
    await writeFile(join(outDir, 'later.html'), `<p>Later: ${titles}</p>`);
    return this.#rendered(['/index.html', '/_astro/app.abc123.js', '/later.html']);
  }
  #rendered(written: string[]) {
    return { headers: this.#headers, redirects: {}, written, carried: [] as string[], shifted: false, spliced: null };
  }
  /** The next build leaves later.html for renderShifted, which waits for the function answered. */
  holdShifted(): () => void {
    const { promise, resolve } = Promise.withResolvers<void>();
    this.#later = promise;
    return resolve;
  }
  #later: Promise<void> | null = null;
  #shifted: { outDir: string; titles: string; gate: Promise<void> } | null = null;
  async renderShifted(outDir: string) {
    if (this.#shifted?.outDir !== outDir) throw new Error(`${outDir} left nothing for later`);
    const { titles, gate } = this.#shifted;
    this.#shifted = null;
    await gate;
    await writeFile(join(outDir, 'later.html'), `<p>Later: ${titles}</p>`);
    return { ...this.#rendered(['/later.html']), carried: ['/index.html', '/_astro/app.abc123.js'] };
  }
  /** Completing the next build's folder fails (a full disk after its pages were served). */
  failComplete = false;
  async complete(site: RecordFiles) {
    if (this.failComplete) {
      this.failComplete = false;
      throw new Error('No space left on the device');
    }
    await writeFile(site.headersFile, JSON.stringify(this.#headers));
    await writeFile(site.redirectsFile, '{}');
    await writeFile(site.linksFile, JSON.stringify({ '/index.html': [] }));
  }
  async close() {}
  /** How often the publisher asked it to get ready ahead of an edit. */
  warmed = 0;
  async warm() {
    this.warmed += 1;
  }
}

let dir: string;
let stores: Stores;
let builder: FakeBuilder;
const open = () =>
  Publisher.open({
    root: process.cwd(),
    dataDir: dir,
    uploadsDir: join(dir, 'uploads'),
    content: stores.content,
    builder,
    // The fake builder's pages are no site to search (search-indexer.ts is tested with the server).
    searchIndex: false,
  });
const home = (publisher: Publisher) => Buffer.from(findFile(publisher.snapshot!, '/')!.identity.body).toString();
const addEvent = (title: string, category?: string) =>
  stores.content.update((c) => {
    c.events.push({
      _id: randomUUID(),
      title,
      description: 'x',
      date: '2026-01-01',
      time: '',
      location: '',
      ...(category && { category }),
      image: null,
      ...PUBLISHED_NOW,
    });
  });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'publisher-'));
  stores = await openStores(dir);
  builder = new FakeBuilder();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('Publisher', () => {
  it('builds the site before serving when there is no build yet', async () => {
    const publisher = await open();
    expect(builder.builds).toBe(1);
    expect(home(publisher)).toBe('<p>Events: </p>');
    expect(publisher.status).toMatchObject({ state: 'ok', live: true });
  });

  it('serves each page with the headers it was rendered with, also after a restart', async () => {
    const policy = (publisher: Publisher) =>
      findFile(publisher.snapshot!, '/')!.identity.headers['content-security-policy'];
    const first = await open();
    expect(policy(first)).toBe("script-src 'self'; frame-ancestors 'none'");
    await first.close();
    builder = new FakeBuilder();
    const restarted = await open();
    expect(builder.builds).toBe(0);
    expect(policy(restarted)).toBe("script-src 'self'; frame-ancestors 'none'");
  });

  it('rebuilds after a write and swaps the new site in', async () => {
    const publisher = await open();
    await addEvent('Sports day');
    expect(publisher.status.live).toBe(false);
    await publisher.scheduler.idle();
    expect(home(publisher)).toBe('<p>Events: Sports day</p>');
    expect(publisher.status.live).toBe(true);
  });

  it("writes into the next build's content snapshot only the parts the edit changed; the others are the served build's files", async () => {
    const publisher = await open();
    const site = join(dir, 'site');
    /** The part files the served build's snapshot names, by part. */
    const named = async () => {
      const snapshot = join(site, await readlink(join(site, 'current')), 'content.json');
      return JSON.parse(await readFile(snapshot, 'utf8')) as Record<string, string | string[]>;
    };
    const before = await named();
    const files = await readdir(join(site, 'content-parts'));
    await addEvent('Sports day');
    await publisher.scheduler.idle();
    const after = await named();
    expect(after.settings).toBe(before.settings);
    expect(after.news).toEqual(before.news);
    expect(after.events).not.toEqual(before.events);
    // The new events chunk is the one part file written; the old one went with the build before.
    const now = await readdir(join(site, 'content-parts'));
    expect(now.filter((file) => !files.includes(file))).toHaveLength(1);
    expect(now).toHaveLength(files.length + (before.events!.length === 0 ? 1 : 0));
    expect(home(publisher)).toBe('<p>Events: Sports day</p>');
  });

  it('serves the pages a change is on first, then those it only moved items on', async () => {
    const publisher = await open();
    const later = () => Buffer.from(findFile(publisher.snapshot!, '/later.html')!.identity.body).toString();
    const release = builder.holdShifted();
    await addEvent('Sports day');
    await vi.waitFor(() => expect(home(publisher)).toBe('<p>Events: Sports day</p>'));
    expect(later()).toBe('<p>Later: </p>');
    expect(publisher.status.live).toBe(false);
    release();
    await publisher.scheduler.idle();
    expect(later()).toBe('<p>Later: Sports day</p>');
    expect(publisher.status.live).toBe(true);
  });

  it('keeps serving the previous site when a build fails, and says so', async () => {
    const publisher = await open();
    builder.failNext = true;
    await addEvent('Never shown');
    await publisher.scheduler.idle();
    expect(home(publisher)).toBe('<p>Events: </p>');
    expect(publisher.status).toMatchObject({ state: 'failed', live: false, error: 'The build broke' });
    // The failed build's folder is gone; only the served one is left.
    const folders = (await readdir(join(dir, 'site'))).filter((name) => name.startsWith('build-'));
    expect(folders).toHaveLength(1);
  });

  it('serves a build before its folder is whole, and renders every page the next time when making it whole failed', async () => {
    const publisher = await open();
    builder.failComplete = true;
    await addEvent('Sports day');
    await publisher.scheduler.idle();
    expect(home(publisher)).toBe('<p>Events: Sports day</p>');
    expect(publisher.status).toMatchObject({ state: 'failed', error: 'No space left on the device' });

    await addEvent('Quiz');
    await publisher.scheduler.idle();
    expect(builder.offered).toEqual([undefined, expect.anything(), undefined]);
    expect(home(publisher)).toBe('<p>Events: Sports day, Quiz</p>');
    expect(publisher.status).toMatchObject({ state: 'ok', live: true });
  });

  it('gets the renderer ready at a restart on the kept build, so the first edit does not wait for it to load', async () => {
    await (await open()).close();
    builder = new FakeBuilder();
    await open();
    expect(builder.builds).toBe(0);
    expect(builder.warmed).toBe(1);
  });

  it('serves the kept build after a restart without rebuilding when nothing changed', async () => {
    await (await open()).close();
    builder = new FakeBuilder();
    const publisher = await open();
    expect(builder.builds).toBe(0);
    expect(home(publisher)).toBe('<p>Events: </p>');
    expect(publisher.status.live).toBe(true);
  });

  it('serves the old build while rebuilding when the content changed while it was stopped', async () => {
    await (await open()).close();
    await addEvent('Added offline');
    builder = new FakeBuilder();
    const publisher = await open();
    expect(home(publisher)).toBe('<p>Events: </p>');
    await publisher.scheduler.idle();
    expect(builder.builds).toBe(1);
    expect(home(publisher)).toBe('<p>Events: Added offline</p>');
  });

  it('removes the folder of a build cut off by a crash when it starts', async () => {
    await (await open()).close();
    await mkdir(join(dir, 'site', 'build-crashed', 'public'), { recursive: true });
    await open();
    expect(await readdir(join(dir, 'site'))).not.toContain('build-crashed');
  });

  it('offers the served build to the next one to carry unchanged pages over, on the same day only', async () => {
    const publisher = await open();
    expect(builder.offered).toEqual([undefined]); // the first build renders everything
    await addEvent('Sports day');
    await publisher.scheduler.idle();
    const served = join(dir, 'site', 'current');
    const previous = builder.offered[1];
    expect(previous?.publicDir).toMatch(/build-.*public$/);
    // With what the edit does to its pages, found from the content the server keeps: a past event
    // touches the calendar and its year's pages, not the gallery or the banner.
    const touched = previous?.changes?.touched ?? ALL_PAGES;
    expect(touched).toContain('/events.ics');
    expect(isTouched('/eventsnews/events/past/2026', touched)).toBe(true);
    expect(isTouched('/gallery', touched)).toBe(false);
    expect(previous?.changes?.banner).toEqual([]);
    // An event without a category touches no category's pages or calendar.
    expect((touched as string[]).filter((page) => /categor|^\/calendars\//.test(page))).toEqual([]);

    // An examination: its category's calendar and pages, and the row of categories it now shows in.
    await addEvent('Term exams', 'Examinations');
    await publisher.scheduler.idle();
    const exams = builder.offered.at(-1)?.changes?.touched ?? ALL_PAGES;
    expect(exams).toContain('/calendars/examinations.ics');
    expect(isTouched('/eventsnews/categories/examinations/past/2026', exams)).toBe(true);
    expect(exams).not.toContain('/calendars/sports.ics');

    // A build made on an earlier day: what is upcoming may have changed, so every page again.
    const infoFile = join(served, 'build-info.json');
    const info = JSON.parse(await readFile(infoFile, 'utf8'));
    await writeFile(infoFile, JSON.stringify({ ...info, day: '2000-01-01' }));
    await addEvent('Quiz');
    await publisher.scheduler.idle();
    expect(builder.offered.at(-1)).toBeUndefined();
  });

  it("renders every page again once the school's date has changed, without an edit", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
      const publisher = await open();
      vi.advanceTimersByTime(60_000); // the same day: nothing to do
      await publisher.scheduler.idle();
      expect(builder.builds).toBe(1);

      vi.setSystemTime(new Date('2026-03-11T12:00:00Z'));
      vi.advanceTimersByTime(60_000);
      await publisher.scheduler.idle();
      expect(builder.builds).toBe(2);
      expect(builder.offered).toEqual([undefined, undefined]);
      await publisher.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders an item scheduled for a minute at that minute, not at the next look at the clock', async () => {
    // The clock set a moment before a minute, then running as a real one.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      // 17:29:58.5 in Kolkata, the school's time zone: the event is due in 1.5 seconds.
      vi.setSystemTime(new Date('2026-03-10T11:59:58.500Z'));
      await stores.content.update((content) => {
        content.events.push({
          _id: randomUUID(),
          title: 'Science fair',
          description: 'x',
          date: '2026-04-01',
          time: '',
          location: '',
          image: null,
          status: 'published',
          publishAt: '2026-03-10T17:30',
        });
      });
      const publisher = await open();
      expect(home(publisher)).toBe('<p>Events: </p>');

      // Long before the publisher's look at the clock every 15 seconds.
      await expect.poll(() => home(publisher), { timeout: 5_000 }).toBe('<p>Events: Science fair</p>');
      expect(builder.builds).toBe(2);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse('2026-03-10T12:00:00Z'));
      // The build's last steps (its records, the old builds' removal) end before the folder is removed.
      await publisher.scheduler.idle();
      await publisher.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
