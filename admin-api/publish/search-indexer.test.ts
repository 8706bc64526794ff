import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defaultContent } from '../store/default-content.ts';
import type { BuildFolder } from './build-folders.ts';
import { DocumentTexts, writeSearchIndex } from './search-index.ts';
import { type IndexedBuild, type IndexTarget, type IndexWriter, SearchIndexer } from './search-indexer.ts';

const work = await mkdtemp(join(tmpdir(), 'search-indexer-'));
afterAll(() => rm(work, { recursive: true, force: true }));

it('keeps the index before the current one on disk, and removes older ones', { timeout: 60_000 }, async () => {
  const publicDir = join(work, 'site');
  await mkdir(publicDir, { recursive: true });
  const root = join(work, 'search');
  const made: (string | null)[] = [];
  const documents = new DocumentTexts({ read: async () => null });
  const writeIndex = (build: IndexedBuild, target: IndexTarget) =>
    writeSearchIndex({ siteDir: build.folder.publicDir, content: build.content, documents, ...target });
  const indexer = new SearchIndexer(root, writeIndex, (dir) => {
    made.push(dir);
  });
  for (const word of ['first', 'second', 'third']) {
    await writeFile(
      join(publicDir, 'index.html'),
      `<!doctype html><html lang="en"><body><main data-pagefind-body><h1>${word}</h1></main></body></html>`,
    );
    indexer.index({
      folder: { dir: join(work, `build-${word}`), publicDir } as BuildFolder,
      content: defaultContent(),
    });
    await indexer.idle();
  }
  expect(made).toHaveLength(3);
  // A bucket sync that began with the index before may still be reading its files; the first is gone.
  const kept = (await readdir(root)).filter((name) => name.startsWith('index-')).sort();
  expect(kept.map((name) => join(root, name))).toEqual([made[1], made[2]].flatMap((dir) => [dir, `${dir}.languages`]));
});

describe('a run', () => {
  const timing = { quietMs: 300, maxWaitMs: 1000 };
  const build = (name: string): IndexedBuild => ({
    folder: { dir: join(work, `build-${name}`), publicDir: join(work, name) } as BuildFolder,
    content: defaultContent(),
  });
  /** An index writer that records when it was asked for which build, and writes nothing. */
  const recording = () => {
    const runs: { dir: string; at: number }[] = [];
    const write: IndexWriter = async ({ folder }) => {
      runs.push({ dir: folder.publicDir, at: Date.now() });
      return { pages: 0, records: 0, documents: 0, durationMs: 0, indexed: [] };
    };
    return { runs, write };
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** A folder of indexes that has a current one already. */
  const indexed = async (name: string) => {
    const root = join(work, name);
    await mkdir(join(root, 'index-0'), { recursive: true });
    await symlink('index-0', join(root, 'current'));
    return root;
  };

  it('waits for the builds to pause, then indexes the newest one once', async () => {
    const { runs, write } = recording();
    const indexer = new SearchIndexer(await indexed('pause'), write, () => {}, timing);
    const started = Date.now();
    for (const name of ['a', 'b', 'c']) {
      indexer.index(build(name));
      await sleep(100);
    }
    expect(indexer.status.indexing).toBe(true);
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 3000 });
    expect(runs[0]!.dir).toBe(join(work, 'c'));
    // The last build went live some 200 ms after the first: the run waited 300 ms more.
    expect(runs[0]!.at - started).toBeGreaterThanOrEqual(500);
    await indexer.idle();
    expect(indexer.status.indexing).toBe(false);
  });

  it('does not wait longer than maxWaitMs while builds keep coming', async () => {
    const { runs, write } = recording();
    const indexer = new SearchIndexer(await indexed('busy'), write, () => {}, timing);
    const started = Date.now();
    while (runs.length === 0 && Date.now() - started < 5000) {
      indexer.index(build(`busy-${Date.now()}`));
      await sleep(100);
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]!.at - started).toBeGreaterThanOrEqual(timing.maxWaitMs);
    // Long before the builds paused (they never did): a busy machine may only delay it a little.
    expect(runs[0]!.at - started).toBeLessThan(4000);
    await indexer.idle();
  });

  it('starts at once when there is no index yet: until then the site has no search', async () => {
    const { runs, write } = recording();
    const indexer = new SearchIndexer(join(work, 'first'), write, () => {}, { quietMs: 60_000, maxWaitMs: 60_000 });
    const started = Date.now();
    indexer.index(build('first'));
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 3000 });
    expect(runs[0]!.at - started).toBeLessThan(2000);
    // The next waits for the builds to pause.
    indexer.index(build('second'));
    await sleep(300);
    expect(runs).toHaveLength(1);
    await indexer.stop();
  });

  it('indexes a build once: after a restart, the build served keeps its index', async () => {
    const { runs, write } = recording();
    const root = join(work, 'restart');
    const before = new SearchIndexer(root, write, () => {}, timing);
    before.index(build('served'));
    await before.idle();
    const after = new SearchIndexer(root, write, () => {}, timing);
    after.index(build('served'));
    await after.idle();
    expect(runs).toHaveLength(1);
    expect(after.status).toMatchObject({ state: 'ok', at: before.status.at, lastRun: before.status.lastRun });
    after.index(build('next'));
    await after.idle();
    expect(runs.map((run) => run.dir)).toEqual([join(work, 'served'), join(work, 'next')]);
  });

  it('when the server stops, drops the build that waits and the run that goes on, and reports no failure', async () => {
    const failures = vi.spyOn(console, 'error');
    const asked: string[] = [];
    let killProcess = () => {};
    // A writer that answers only when its process is stopped, as the search process does.
    const write: IndexWriter = ({ folder }) => {
      asked.push(folder.publicDir);
      return new Promise((_, reject) => {
        killProcess = () => reject(new Error('The search process stopped (SIGTERM)'));
      });
    };
    const indexer = new SearchIndexer(join(work, 'stop'), write, () => {}, { quietMs: 60_000, maxWaitMs: 60_000 });
    indexer.index(build('running'));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    indexer.index(build('waiting'));
    const started = Date.now();
    const stopped = indexer.stop();
    killProcess();
    await stopped;
    expect(Date.now() - started).toBeLessThan(2000);
    indexer.index(build('after'));
    await sleep(100);
    expect(asked).toEqual([join(work, 'running')]);
    expect(indexer.status).toMatchObject({ state: 'ok', indexing: false });
    expect(failures).not.toHaveBeenCalled();
    failures.mockRestore();
  });
});
