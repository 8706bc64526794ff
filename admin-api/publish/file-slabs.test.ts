import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSlabs, SLAB_BYTES } from './file-slabs.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-slabs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FileSlabs', () => {
  it('reads each file whole into its own slice of one large buffer', async () => {
    const pages = ['<h1>Home</h1>', '<h1>Events</h1>'.repeat(1000), '<p>Contact</p>'];
    await Promise.all(pages.map((text, index) => writeFile(join(dir, `${index}.html`), text)));
    const slabs = new FileSlabs();
    const read = await Promise.all(
      pages.map((text, index) => slabs.read(join(dir, `${index}.html`), Buffer.byteLength(text))),
    );
    expect(read.map((body) => body.toString())).toEqual(pages);
    // One mapping the system takes back whole, not a small buffer each.
    expect(new Set(read.map((body) => body.buffer)).size).toBe(1);
    expect(read[0]!.buffer.byteLength).toBe(SLAB_BYTES);
  });

  it('refuses a file whose size is not the one it was told', async () => {
    await writeFile(join(dir, 'page.html'), 'short');
    await expect(new FileSlabs().read(join(dir, 'page.html'), 100)).rejects.toThrow('changed while it was read');
  });
});
