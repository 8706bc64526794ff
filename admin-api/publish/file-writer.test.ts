import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FileWriter } from './file-writer.ts';

const work = await mkdtemp(join(tmpdir(), 'file-writer-'));
afterAll(() => rm(work, { recursive: true, force: true }));

it('writes files in folders it makes, all on disk once done() resolves', async () => {
  const files = new FileWriter(join(work, 'site'));
  const pages = Array.from({ length: 30 }, (_, i) => `/eventsnews/events/${i + 1}/index.html`);
  expect(pages.map((page) => files.write(page, `page ${page}`))).toEqual(pages);
  await files.done();
  for (const page of pages) expect(await readFile(join(work, 'site', page), 'utf8')).toBe(`page ${page}`);
});

it('reports a failed write from done(), and the other files are still written', async () => {
  const outDir = join(work, 'blocked');
  const files = new FileWriter(outDir);
  files.write('/placeholder', '');
  await files.done();
  // A file where a folder must be made: the write fails while the others go on.
  await writeFile(join(outDir, 'gallery'), 'not a folder');
  files.write('/gallery/index.html', 'gallery');
  files.write('/contact/index.html', 'contact');
  await expect(files.done()).rejects.toThrow(/ENOTDIR|EEXIST/);
  expect(await readFile(join(outDir, 'contact/index.html'), 'utf8')).toBe('contact');
});
