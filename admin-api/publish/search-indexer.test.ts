import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { defaultContent } from '../store/default-content.ts';
import type { BuildFolder } from './build-folders.ts';
import { DocumentTexts, writeSearchIndex } from './search-index.ts';
import { type IndexedBuild, SearchIndexer } from './search-indexer.ts';

const work = await mkdtemp(join(tmpdir(), 'search-indexer-'));
afterAll(() => rm(work, { recursive: true, force: true }));

it('keeps the index before the current one on disk, and removes older ones', { timeout: 60_000 }, async () => {
  const publicDir = join(work, 'site');
  await mkdir(publicDir, { recursive: true });
  const root = join(work, 'search');
  const made: (string | null)[] = [];
  const documents = new DocumentTexts({ read: async () => null });
  const writeIndex = (build: IndexedBuild, outputPath: string) =>
    writeSearchIndex({ siteDir: build.folder.publicDir, content: build.content, outputPath, documents });
  const indexer = new SearchIndexer(root, writeIndex, (dir) => {
    made.push(dir);
  });
  for (const word of ['first', 'second', 'third']) {
    await writeFile(
      join(publicDir, 'index.html'),
      `<!doctype html><html lang="en"><body><main data-pagefind-body><h1>${word}</h1></main></body></html>`,
    );
    indexer.index({ folder: { publicDir } as BuildFolder, content: defaultContent() });
    await indexer.idle();
  }
  expect(made).toHaveLength(3);
  // A bucket sync that began with the index before may still be reading its files; the first is gone.
  const kept = (await readdir(root)).filter((name) => name !== 'current').sort();
  expect(kept.map((name) => join(root, name))).toEqual([made[1], made[2]]);
});
