/**
 * What the tests of issue 23 (personal data) share: records written with past dates into the data
 * folder, people as a form sends them, CSV answers parsed, and a search of every file for what
 * must not be there.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { Site } from '../support/harness.ts';

export const DAY_MS = 86_400_000;
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const NOTICE = /^notice-[0-9a-f]{12}$/;

/** `fields` without those given as undefined (which would hide a default when spread over it). */
const given = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;

/** The moment `days` days before now, as records store it. */
export const daysAgo = (days: number, now = Date.now()) => new Date(now - days * DAY_MS).toISOString();

/** The moment `months` calendar months before now (as the retention counts them). */
export function monthsAgo(months: number, now = Date.now()): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
}

export interface StoredConsent {
  givenAt: string;
  notice: string;
}

/** A contact message as DATA_DIR/messages.json keeps it (site/contract/contact.ts, InboxMessage). */
export function storedMessage(fields: {
  name: string;
  email: string;
  phone?: string;
  message: string;
  receivedAt: string;
  consent?: StoredConsent | null;
}) {
  return {
    _id: crypto.randomUUID(),
    subject: 'other',
    phone: '',
    read: false,
    consent: { givenAt: fields.receivedAt, notice: 'notice-000000000000' },
    ...given(fields),
  };
}

/** An alumni registration as DATA_DIR/alumni.json keeps it (site/contract/alumni.ts, Alumni). */
export function storedRegistration(fields: {
  fullName: string;
  email: string;
  mobile: string;
  registrationDate: string;
  isApproved?: boolean;
  consent?: StoredConsent | null;
}) {
  return {
    _id: crypto.randomUUID(),
    gender: 'female',
    address: '1 Test Road',
    periodOfStudy: '2000-2012',
    qualification: 'BA',
    occupation: 'Teacher',
    companyName: '',
    companyAddress: '',
    message: '',
    isApproved: false,
    consent: { givenAt: fields.registrationDate, notice: 'notice-000000000000' },
    ...given(fields),
  };
}

/** Writes the records straight into the data folder (the server stopped, or not started yet). */
export async function writeRecords(
  dataDir: string,
  records: { messages?: unknown[]; alumni?: unknown[] },
): Promise<void> {
  if (records.messages) {
    await writeFile(join(dataDir, 'messages.json'), JSON.stringify({ messages: records.messages }));
  }
  if (records.alumni) await writeFile(join(dataDir, 'alumni.json'), JSON.stringify({ alumni: records.alumni }));
}

/** A registration as the public form sends it. */
export function registration(fullName: string, email: string, mobile: string, extra: Record<string, unknown> = {}) {
  return {
    fullName,
    gender: 'female',
    mobile,
    email,
    address: '3 Hill View, Malleshwaram',
    periodOfStudy: '2004-2016',
    qualification: 'BSc',
    occupation: 'Nurse',
    ...extra,
  };
}

/** GET `path` with the administrator's token: the status, the headers and the rows of its CSV. */
export async function csvOf(site: Site, path: string, token = site.token) {
  const answer = await fetch(site.url + path, { headers: { Authorization: `Bearer ${token}` } });
  const text = await answer.text();
  const rows = answer.ok ? (parse(text.replace(/^\uFEFF/, '')) as string[][]) : [];
  return { answer, rows };
}

/** Every file under `dir`, recursively (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** A file's text in every form it may hold text: as bytes read both ways, and unpacked when compressed. */
function textsOf(path: string, bytes: Buffer): string[] {
  const texts = [bytes.toString('utf8'), bytes.toString('latin1')];
  const unpack = path.endsWith('.gz') ? gunzipSync : path.endsWith('.br') ? brotliDecompressSync : null;
  if (unpack) {
    try {
      texts.push(unpack(bytes).toString('utf8'));
    } catch {
      // not what its name says: its bytes were searched as they are
    }
  }
  return texts;
}

/**
 * Where any of `secrets` is found, ignoring case, in the files under `dirs` (recursively); each
 * finding as `file: secret`. Also answers how many files were read (a search of nothing proves
 * nothing).
 */
export async function findInFiles(dirs: string[], secrets: string[]) {
  // The server writes while it is searched (a file saved through a temporary one, a build swapped
  // in): a file or folder gone between the listing and its reading is searched again, whole.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await findInFilesOnce(dirs, secrets);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 5) throw error;
    }
  }
}

async function findInFilesOnce(dirs: string[], secrets: string[]) {
  const found: string[] = [];
  let files = 0;
  for (const dir of dirs) {
    for (const path of await filesUnder(dir)) {
      files += 1;
      const texts = textsOf(path, await readFile(path)).map((text) => text.toLowerCase());
      for (const secret of secrets) {
        if (texts.some((text) => text.includes(secret.toLowerCase()))) found.push(`${path}: ${secret}`);
      }
    }
  }
  return { found, files };
}

/** The secrets of `secrets` that `text` holds, ignoring case. */
export const foundIn = (text: string, secrets: string[]) =>
  secrets.filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));

export interface AuditEntry {
  at: string;
  username: string;
  action: string;
  target: string;
  address: string;
}

/** The newest audit entries (all of them, up to 1000), newest first. */
export async function auditEntries(site: Site, kind?: string): Promise<AuditEntry[]> {
  const answer = await site.asAdmin('GET', `/api/admin/audit?limit=1000${kind ? `&kind=${kind}` : ''}`);
  if (answer.status !== 200) throw new Error(`audit: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Waits until `check` answers true, asking every `everyMs`, at most `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number, everyMs = 500): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
