import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
