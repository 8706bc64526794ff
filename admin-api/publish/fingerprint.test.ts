import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeFingerprint } from './fingerprint.ts';

describe('the code fingerprint', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fingerprint-'));
    await mkdir(join(root, 'site', 'lib'), { recursive: true });
    await writeFile(join(root, 'site', 'lib', 'dates.ts'), 'export const a = 1;');
    await writeFile(join(root, 'site', 'lib', 'dates.test.ts'), "it('adds', () => {});");
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("changes with the site's code", async () => {
    const before = await codeFingerprint(root);
    await writeFile(join(root, 'site', 'lib', 'dates.ts'), 'export const a = 2;');
    expect(await codeFingerprint(root)).not.toBe(before);
  });

  it('stays the same when only a unit test beside the code changes, so the site is not compiled anew', async () => {
    const before = await codeFingerprint(root);
    await writeFile(join(root, 'site', 'lib', 'dates.test.ts'), "it('adds again', () => {});");
    await writeFile(join(root, 'site', 'lib', 'paging.test.ts'), "it('pages', () => {});");
    expect(await codeFingerprint(root)).toBe(before);
  });
});
