import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeTemporaries, TEMPORARY_PREFIX, writeAtomically } from './atomic-files.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeAtomically', () => {
  it('replaces a file whole, and leaves nothing else behind', async () => {
    const path = join(dir, 'content.json');
    await writeAtomically(path, Buffer.from('{"version":1}'));
    await writeAtomically(path, [Buffer.from('{"version":'), Buffer.from('2}')]);
    expect(await readFile(path, 'utf8')).toBe('{"version":2}');
    // The replaced file is deleted after the write resolves, without it waiting.
    await vi.waitFor(async () => expect(await readdir(dir)).toEqual(['content.json']));
  });

  it('writes a large file over the one it replaced the time before, never over one with another name', async () => {
    const path = join(dir, 'content.json');
    const large = (fill: string) => Buffer.alloc(2 << 20, fill);
    await writeAtomically(path, large('a'));
    const first = (await stat(path)).ino;
    await writeAtomically(path, large('b'));
    await writeAtomically(path, [Buffer.from('{"short":'), Buffer.from('true}')]);
    // The file of the first write took the third: written over, and cut to its new length.
    expect((await stat(path)).ino).toBe(first);
    expect(await readFile(path, 'utf8')).toBe('{"short":true}');
    // A copy kept under another name (as `.bak` is) is not a spare: the next writes leave it as it is.
    await writeAtomically(path, large('c'));
    await link(path, join(dir, 'content.json.bak'));
    await writeAtomically(path, large('d'));
    await writeAtomically(path, large('e'));
    await writeAtomically(path, large('f'));
    expect((await readFile(join(dir, 'content.json.bak'))).equals(large('c'))).toBe(true);
    expect((await readFile(path)).equals(large('f'))).toBe(true);
  });

  it('takes the writes of one path in turn', async () => {
    const path = join(dir, 'content.json');
    const versions = Array.from({ length: 8 }, (_, n) => Buffer.alloc((2 << 20) - n, String(n)));
    await Promise.all(versions.map((data) => writeAtomically(path, data)));
    expect((await readFile(path)).equals(versions.at(-1)!)).toBe(true);
  });

  it('leaves no temporary file when the new one cannot take the name', async () => {
    const taken = join(dir, 'folder');
    await mkdir(join(taken, 'inside'), { recursive: true });
    await expect(writeAtomically(taken, Buffer.from('new'))).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['folder']);
  });
});

describe('removeTemporaries', () => {
  it('removes what a crash left half-written, and nothing else', async () => {
    await writeFile(join(dir, 'content.json'), '{}');
    await writeFile(join(dir, `${TEMPORARY_PREFIX}1234`), '{"half');
    await removeTemporaries(dir);
    expect(await readdir(dir)).toEqual(['content.json']);
  });
});
