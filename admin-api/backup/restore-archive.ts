/**
 * Puts a backup archive back into DATA_DIR and UPLOADS_DIR. The archive is checked whole first
 * (it opens, it is a school backup, every entry is a plain file or folder inside data/ or
 * uploads/, the data files hold valid data); only then is anything in the target touched.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as tar from 'tar';
import { AlumniRecords } from '../../site/contract/alumni.ts';
import { InboxRecords } from '../../site/contract/contact.ts';
import { SiteContent } from '../../site/contract/content.ts';
import { PushDeviceRecords, SubscriptionRecords } from '../../site/contract/subscriptions.ts';
import { AdminAccounts } from '../store/admin-accounts.ts';
import { ERASURES_FILE, ErasureList } from '../store/erasure-list.ts';
import { BACKUP_MARK } from './backup-archive.ts';
import { LOCK_SOCKET } from './server-lock.ts';

export class RestoreRefused extends Error {}

const NOT_A_BACKUP = 'is not a backup of this website (or it is damaged); nothing was changed.';

/** Lists and checks the archive's entries; throws RestoreRefused when it cannot be restored. */
export async function checkArchive(file: string): Promise<void> {
  const problems: string[] = [];
  let marked = false;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const path = entry.path.replace(/\/$/, '');
        if (path === BACKUP_MARK) marked = true;
        const parts = path.split('/');
        const inside = (parts[0] === 'data' || parts[0] === 'uploads' || path === BACKUP_MARK) && !parts.includes('..');
        if (!inside || path.startsWith('/') || !['File', 'Directory'].includes(entry.type)) problems.push(entry.path);
      },
    });
  } catch {
    throw new RestoreRefused(`${file} ${NOT_A_BACKUP}`);
  }
  if (problems.length > 0) {
    throw new RestoreRefused(
      `${file} holds entries outside the backup's folders (${problems[0]}); nothing was changed.`,
    );
  }
  if (!marked) throw new RestoreRefused(`${file} ${NOT_A_BACKUP}`);
}

const SCHEMAS = {
  'content.json': SiteContent,
  'alumni.json': AlumniRecords,
  'admins.json': AdminAccounts,
  'messages.json': InboxRecords,
  'subscriptions.json': SubscriptionRecords,
  'push-subscriptions.json': PushDeviceRecords,
};

/**
 * Restores `file` into the two folders (emptied first). Call checkArchive first. The erasures made
 * on this data folder are kept, not the backup's older list: the server erases those people again
 * when it starts. Answers how many erasures the backup did not know.
 */
export async function restoreArchive(
  file: string,
  dataDir: string,
  uploadsDir: string,
): Promise<{ erasuresSince: number }> {
  await mkdir(dirname(dataDir), { recursive: true });
  const unpacked = await mkdtemp(join(dirname(dataDir), '.restoring-'));
  const erasures = await readErasures(join(dataDir, ERASURES_FILE));
  try {
    await tar.x({ file, cwd: unpacked, strict: true, preservePaths: false });
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const text = await readFile(join(unpacked, 'data', name), 'utf8').catch(() => null);
      if (text === null) continue;
      let valid = false;
      try {
        valid = schema.safeParse(JSON.parse(text)).success;
      } catch {}
      if (!valid) throw new RestoreRefused(`${name} in ${file} is damaged; nothing was changed.`);
    }
    for (const [from, to] of [
      [join(unpacked, 'data'), dataDir],
      [join(unpacked, 'uploads'), uploadsDir],
    ] as const) {
      await mkdir(to, { recursive: true, mode: 0o700 });
      for (const name of await readdir(to)) {
        if (name !== LOCK_SOCKET) await rm(join(to, name), { recursive: true, force: true });
      }
      await cp(from, to, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    if (!erasures) return { erasuresSince: 0 };
    const restored = await readErasures(join(dataDir, ERASURES_FILE));
    const known = new Set(restored?.list.requests.map((request) => request.number));
    await writeFile(join(dataDir, ERASURES_FILE), erasures.text, { mode: 0o600 });
    return { erasuresSince: erasures.list.requests.filter((request) => !known.has(request.number)).length };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

/** The erasure list in `path`, as text and parsed, or null when there is none (or it is damaged). */
async function readErasures(path: string) {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = ErasureList.safeParse(JSON.parse(text));
    return parsed.success ? { text, list: parsed.data } : null;
  } catch {
    return null;
  }
}

/** Whether a folder holds anything (a missing folder does not). */
export async function hasFiles(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [])).length > 0;
}
