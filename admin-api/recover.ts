/**
 * npm run recover -- FILE: puts back the newest good copy of a damaged data file of DATA_DIR, with
 * the server stopped. content.json comes back as the newest version in the history; alumni.json,
 * admins.json and messages.json as the copy kept before their last change (`FILE.bak`). The damaged
 * file is kept beside it, renamed `NAME.damaged-<time>.json`; nothing is written over it.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type * as z from 'zod';
import { AlumniRecords } from '../site/contract/alumni.ts';
import { InboxRecords } from '../site/contract/contact.ts';
import { SiteContent } from '../site/contract/content.ts';
import { lockHolder } from './backup/server-lock.ts';
import { readConfig } from './config.ts';
import { ContentHistory } from './history/content-history.ts';
import { AdminAccounts } from './store/admin-accounts.ts';
import { exists } from './store/atomic-files.ts';

const SCHEMAS: Record<string, z.ZodType> = {
  'content.json': SiteContent,
  'alumni.json': AlumniRecords,
  'admins.json': AdminAccounts,
  'messages.json': InboxRecords,
};

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const given = process.argv[2];
const name = given && (given.endsWith('.json') ? basename(given) : `${basename(given)}.json`);
if (!name || !SCHEMAS[name]) {
  fail(`Name the file to recover: npm run recover -- ${Object.keys(SCHEMAS).join(' | ')}`);
}
const { dataDir } = readConfig();
const file = join(dataDir, name);
const holder = await lockHolder(dataDir);
if (holder !== null) fail(`A server (process ${holder}) is running on ${dataDir}. Stop it, then recover.`);
const schema = SCHEMAS[name]!;

async function goodCopy(): Promise<{ data: unknown; from: string }> {
  if (name === 'content.json') {
    const history = await ContentHistory.open(dataDir, null);
    const newest = history.list()[0];
    const content = newest && (await history.content(newest.version));
    if (!newest || !content) fail(`There is no kept version of content.json in ${dataDir}/history.`);
    return { data: content, from: `version ${newest.version} of the history (${newest.at})` };
  }
  const backup = `${file}.bak`;
  if (!(await exists(backup))) fail(`There is no kept copy of ${name} (${backup}). Restore it from a backup.`);
  try {
    return { data: JSON.parse(await readFile(backup, 'utf8')), from: `the copy kept before its last change` };
  } catch {
    fail(`The kept copy ${backup} is damaged too. Restore ${name} from a backup.`);
  }
}

const { data, from } = await goodCopy();
const parsed = schema.safeParse(data);
if (!parsed.success) fail(`The kept copy of ${name} does not hold valid data. Restore it from a backup.`);
if (await exists(file)) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const damaged = join(dataDir, `${name.replace(/\.json$/, '')}.damaged-${stamp}.json`);
  await rename(file, damaged);
  console.log(`The damaged file was kept as ${damaged}.`);
}
const temporary = `${file}.recovering`;
await writeFile(temporary, JSON.stringify(parsed.data), { mode: 0o600 });
await rename(temporary, file);
console.log(`${name} was put back from ${from}. Start the server again with npm start.`);
