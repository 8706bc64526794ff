/**
 * `DATA_DIR/audit.jsonl`: who changed what, and every login. One JSON object a line, only ever
 * appended: an entry costs one small write however long the log has grown, and reading the
 * newest entries reads the file backwards from its end, as far as they reach.
 */
import { appendFile, type FileHandle, mkdir, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import type { AuditEntry } from '../../site/contract/api.ts';

export const auditFile = (dataDir: string) => join(dataDir, 'audit.jsonl');

/** Who is behind an entry that no request made. */
export const SYSTEM = 'system';
export const CLI = 'cli';

/** A target longer than this is cut: the log says which thing, not what it holds. */
const MAX_FIELD = 200;
const NEWLINE = 0x0a;

const StoredEntry = z.object({
  at: z.string(),
  username: z.string().min(1),
  action: z.string().min(1),
  target: z.string(),
  address: z.string().min(1),
});

export type NewAuditEntry = Omit<AuditEntry, 'at'> & { at?: string };

export class AuditLog {
  readonly file: string;
  #chunkSize: number;
  #appending: Promise<void> = Promise.resolve();

  private constructor(file: string, chunkSize: number) {
    this.file = file;
    this.#chunkSize = chunkSize;
  }

  /**
   * Opens the log at `file` (created with the first entry). A last line cut short by a crash is
   * closed first, so the next entry starts on a line of its own.
   */
  static async open(file: string, { chunkSize = 64 * 1024 } = {}): Promise<AuditLog> {
    await mkdir(dirname(file), { recursive: true });
    const log = new AuditLog(file, chunkSize);
    const last = await log.#lastByte();
    if (last !== null && last !== NEWLINE) await appendFile(file, '\n');
    return log;
  }

  /** Appends one entry; resolves once it is written. Entries are written in the order recorded. */
  record(entry: NewAuditEntry): Promise<void> {
    const line = `${JSON.stringify(stored(entry))}\n`;
    const written = this.#appending.then(() => appendFile(this.file, line, { mode: 0o600 }));
    this.#appending = written.catch(() => undefined);
    return written;
  }

  /**
   * Like `record`, for callers whose own work is done already (the change is committed, the login
   * decided): a log that cannot be written is reported on the console, not to the client.
   */
  async tryRecord(entry: NewAuditEntry): Promise<void> {
    await this.record(entry).catch((error: unknown) => console.error('The audit log could not be written:', error));
  }

  /** Resolves once every entry recorded so far is written. */
  async settled(): Promise<void> {
    await this.#appending;
  }

  /**
   * The newest `limit` entries (those `keep` keeps), newest first. Lines that do not parse (a crash
   * mid-line) are skipped.
   */
  async newest(limit: number, keep: (entry: AuditEntry) => boolean = () => true): Promise<AuditEntry[]> {
    const handle = await openIfExists(this.file);
    if (!handle) return [];
    try {
      const entries: AuditEntry[] = [];
      let position = (await handle.stat()).size;
      // The start of a line whose beginning lies in the part of the file not read yet.
      let partial = Buffer.alloc(0);
      while (position > 0 && entries.length < limit) {
        const size = Math.min(this.#chunkSize, position);
        position -= size;
        const chunk = Buffer.alloc(size);
        await handle.read(chunk, 0, size, position);
        const bytes = Buffer.concat([chunk, partial]);
        let end = bytes.length;
        for (let newline = bytes.lastIndexOf(NEWLINE, end - 1); newline !== -1; ) {
          const entry = parseLine(bytes.subarray(newline + 1, end));
          if (entry && keep(entry)) entries.push(entry);
          end = newline;
          newline = end === 0 ? -1 : bytes.lastIndexOf(NEWLINE, end - 1);
        }
        partial = bytes.subarray(0, end);
      }
      if (position === 0 && entries.length < limit) {
        const first = parseLine(partial);
        if (first && keep(first)) entries.push(first);
      }
      return entries.slice(0, limit);
    } finally {
      await handle.close();
    }
  }

  async #lastByte(): Promise<number | null> {
    const handle = await openIfExists(this.file);
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      if (size === 0) return null;
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      return last[0]!;
    } finally {
      await handle.close();
    }
  }
}

function stored({ at = new Date().toISOString(), username, action, target, address }: NewAuditEntry): AuditEntry {
  return {
    at,
    username: cut(username) || SYSTEM,
    action,
    target: cut(target),
    address: cut(readable(address)) || SYSTEM,
  };
}

/** An IPv4 client seen by an IPv6 socket (`::ffff:192.0.2.7`) as people write it: `192.0.2.7`. */
const readable = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

const cut = (text: string) => (text.length > MAX_FIELD ? `${text.slice(0, MAX_FIELD - 1)}…` : text);

function parseLine(bytes: Buffer): AuditEntry | null {
  if (bytes.length === 0) return null;
  try {
    const parsed = StoredEntry.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function openIfExists(file: string): Promise<FileHandle | null> {
  try {
    return await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
