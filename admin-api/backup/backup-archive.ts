/**
 * One .tar.gz with everything a school needs back: the data files, the audit log, the history and
 * the uploads; not the built site (rebuilt on start), not the lock or temporary files. The data
 * files are copied while no change can run (each store's queue), so the archive is consistent.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, cp, link, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tar from 'tar';
import type { ContentHistory } from '../history/content-history.ts';
import type { Stores } from '../store/stores.ts';

export const BACKUP_MARK = 'school-backup.json';
/** The files and folders of DATA_DIR a backup holds. */
export const DATA_ENTRIES = [
  'content.json',
  'alumni.json',
  'admins.json',
  'messages.json',
  'subscriptions.json',
  'push-subscriptions.json',
  // The key pair the browsers' subscriptions were made for.
  'vapid-keys.json',
  // Who was erased (salted hashes): a restore keeps the newer list, and a fresh machine gets this one.
  'erasures.json',
  'audit.jsonl',
  'jwt-secret',
  'history',
];

export const backupName = (now = new Date()) => `school-backup-${now.toISOString().slice(0, 10)}.tar.gz`;

interface Sources {
  dataDir: string;
  uploadsDir: string;
  /** The running server's stores and history: the copy waits for their writes. Absent in the CLI. */
  stores?: Stores;
  history?: ContentHistory;
}

/** Writes the backup archive to `file`. */
export async function writeBackup(sources: Sources, file: string): Promise<void> {
  const snapshot = join(sources.dataDir, `.backup-${randomUUID()}`);
  try {
    await inTurn(sources, () => copySources(sources, snapshot));
    await tar.c({ gzip: true, file, cwd: snapshot, portable: true }, [BACKUP_MARK, 'data', 'uploads']);
  } finally {
    await rm(snapshot, { recursive: true, force: true });
  }
}

async function inTurn({ stores, history }: Sources, task: () => Promise<void>): Promise<void> {
  if (!stores) return task();
  await history?.settled();
  await stores.content.exclusive(() =>
    stores.alumni.exclusive(() =>
      stores.admins.exclusive(() =>
        stores.messages.exclusive(() =>
          stores.subscriptions.exclusive(() => stores.pushDevices.exclusive(() => stores.erasures.exclusive(task))),
        ),
      ),
    ),
  );
}

async function copySources({ dataDir, uploadsDir }: Sources, snapshot: string) {
  await mkdir(join(snapshot, 'data'), { recursive: true });
  const present = new Set(await readdir(dataDir));
  for (const name of DATA_ENTRIES) {
    if (!present.has(name)) continue;
    await cp(join(dataDir, name), join(snapshot, 'data', name), { recursive: true });
  }
  // Uploads are written once and never changed: a second name for each is enough (a copy across disks).
  await linkTree(uploadsDir, join(snapshot, 'uploads'));
  await writeFile(
    join(snapshot, BACKUP_MARK),
    JSON.stringify({ format: 'school-website-backup', version: 1, createdAt: new Date().toISOString() }),
  );
}

async function linkTree(from: string, to: string) {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile()) await link(source, target).catch(() => copyFile(source, target));
  }
}
