import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize, imageSizes } from './image-size.ts';

const stored = '0123456789abcdef0123456789abcdef.png';
const missing = 'fedcba9876543210fedcba9876543210.jpg';
let uploads: string;

beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'image-size-'));
  const png = await sharp({ create: { width: 640, height: 427, channels: 3, background: '#17436b' } })
    .png()
    .toBuffer();
  await writeFile(join(uploads, stored), png);
  process.env.SCHOOL_UPLOADS_DIR = uploads;
});

afterAll(async () => {
  delete process.env.SCHOOL_UPLOADS_DIR;
  await rm(uploads, { recursive: true, force: true });
});

describe('imageSize', () => {
  it('reads the intrinsic size of a stored image', async () => {
    expect(await imageSize(stored)).toEqual({ width: 640, height: 427 });
  });

  it('answers null for a missing file, so the build goes on without the dimensions', async () => {
    expect(await imageSize(missing)).toBeNull();
  });

  it('never reads outside the uploads folder', async () => {
    expect(await imageSize('../content.json')).toBeNull();
  });

  it('measures several images and leaves out the ones it cannot read', async () => {
    expect(await imageSizes([stored, missing, stored])).toEqual({ [stored]: { width: 640, height: 427 } });
  });
});
