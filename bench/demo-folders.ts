/**
 * Temporary data folders filled by `npm run seed:demo` for the bench's data sets: `small` (no
 * flag), `large` (`--large`), `large-languages` (`--large --languages`: English, Hindi and
 * Arabic), `limit` (`--limit`) and `limit-legacy`, the limit's content as the
 * version before publishing states wrote it (tests/support/legacy-shape.ts), as an upgraded site
 * or the restore of an older backup has it. Each seeding is done once per run and copied for
 * each set that uses it, so `limit` and `limit-legacy` start from the same content, and the
 * limit's minutes of drawing photos are spent once.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLegacyShape } from '../tests/support/legacy-shape.ts';
import type { DataSetName } from './goals.ts';

export interface DataFolders {
  dataDir: string;
  uploadsDir: string;
}

const SEED_FLAGS: Record<DataSetName, string[]> = {
  small: [],
  large: ['--large'],
  'large-languages': ['--large', '--languages'],
  limit: ['--limit'],
  'limit-legacy': ['--limit'],
};

const seeded = new Map<string, Promise<DataFolders>>();

/** A fresh copy of the data folders of `set`, for a server to start on. */
export async function demoDataFolders(set: DataSetName): Promise<DataFolders> {
  const flags = SEED_FLAGS[set];
  const key = flags.join(' ');
  let seeding = seeded.get(key);
  if (!seeding) {
    seeding = seed(flags);
    seeded.set(key, seeding);
  }
  const folders = await copyOf(await seeding);
  if (set === 'limit-legacy') await writeLegacyShape(folders.dataDir);
  return folders;
}

/** Removes the seeded folders kept for copying. */
export async function removeSeededFolders(): Promise<void> {
  for (const seeding of seeded.values())
    await rm(join((await seeding).dataDir, '..'), { recursive: true, force: true });
  seeded.clear();
}

async function seed(flags: string[]): Promise<DataFolders> {
  const folders = await newFolders();
  execFileSync(process.execPath, ['admin-api/seed-demo.ts', ...flags], {
    env: { ...process.env, PORT: '0', DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
    stdio: 'inherit',
  });
  return folders;
}

/** A copy of `seeded`: the data files copied, the uploads (never changed once written) linked. */
async function copyOf(seeded: DataFolders): Promise<DataFolders> {
  const folders = await newFolders();
  await cp(seeded.dataDir, folders.dataDir, { recursive: true });
  execFileSync('cp', ['-al', seeded.uploadsDir, folders.uploadsDir]);
  return folders;
}

async function newFolders(): Promise<DataFolders> {
  const base = await mkdtemp(join(tmpdir(), 'school-bench-'));
  return { dataDir: join(base, 'data'), uploadsDir: join(base, 'uploads') };
}
