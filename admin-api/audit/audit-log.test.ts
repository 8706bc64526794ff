import { appendFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditLog } from './audit-log.ts';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-log-'));
  file = join(dir, 'data', 'audit.jsonl');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const entry = (n: number, extra: Partial<{ username: string; target: string }> = {}) => ({
  username: 'admin',
  action: 'event.create',
  target: `id-${n}`,
  address: '127.0.0.1',
  ...extra,
});

describe('AuditLog', () => {
  it('answers nothing before the first entry', async () => {
    const log = await AuditLog.open(file);
    expect(await log.newest(10)).toEqual([]);
  });

  it('appends one JSON line per entry and answers the newest first, as many as asked', async () => {
    const log = await AuditLog.open(file);
    for (let n = 1; n <= 5; n += 1) await log.record(entry(n));
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe('');
    expect(JSON.parse(lines[0]!)).toMatchObject({ ...entry(1), at: expect.any(String) });

    expect((await log.newest(3)).map((e) => e.target)).toEqual(['id-5', 'id-4', 'id-3']);
    expect((await log.newest(100)).map((e) => e.target)).toEqual(['id-5', 'id-4', 'id-3', 'id-2', 'id-1']);
  });

  it('reads backwards across chunk boundaries, multi-byte characters included', async () => {
    const log = await AuditLog.open(file, { chunkSize: 7 });
    const names = ['Anaïs', 'Zoë', '陈静', 'Ōta', 'plain'];
    for (const [n, username] of names.entries()) await log.record(entry(n, { username }));
    expect((await log.newest(10)).map((e) => e.username)).toEqual([...names].reverse());
    expect((await log.newest(2)).map((e) => e.username)).toEqual(['plain', 'Ōta']);
  });

  it('keeps every one of 200 entries recorded at once, each on its own line', async () => {
    const log = await AuditLog.open(file);
    await Promise.all(Array.from({ length: 200 }, (_, n) => log.record(entry(n))));
    const newest = await log.newest(1000);
    expect(newest).toHaveLength(200);
    expect(newest.map((e) => e.target)).toEqual(Array.from({ length: 200 }, (_, n) => `id-${199 - n}`));
  });

  it('skips a line cut short by a crash, and starts the next entry on a line of its own', async () => {
    let log = await AuditLog.open(file);
    await log.record(entry(1));
    await appendFile(file, '{"at":"2026-01-01T00:00:00.000Z","usern');
    log = await AuditLog.open(file);
    await log.record(entry(2));
    expect((await log.newest(10)).map((e) => e.target)).toEqual(['id-2', 'id-1']);
  });

  it('never writes an empty username or address, and cuts what is too long', async () => {
    const log = await AuditLog.open(file);
    await log.record({ username: '', action: 'login.failed', target: 'x'.repeat(5000), address: '' });
    const [only] = await log.newest(1);
    expect(only).toMatchObject({ username: 'system', address: 'system' });
    expect(only!.target.length).toBeLessThanOrEqual(200);
  });

  it('writes an IPv4 client seen by an IPv6 socket as an IPv4 address', async () => {
    const log = await AuditLog.open(file);
    await log.record({ ...entry(1), address: '::ffff:192.0.2.7' });
    await log.record({ ...entry(2), address: '2001:db8::1' });
    expect((await log.newest(2)).map((e) => e.address)).toEqual(['2001:db8::1', '192.0.2.7']);
  });

  it('reports a log it cannot write to the console when asked to try, and rejects otherwise', async () => {
    const log = await AuditLog.open(join(dir, 'audit.jsonl', 'x'));
    await mkdir(join(dir, 'audit.jsonl', 'x'));
    await expect(log.record(entry(1))).rejects.toThrow();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(log.tryRecord(entry(2))).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith('The audit log could not be written:', expect.any(Error));
    logged.mockRestore();
  });

  it('skips lines that are not entries', async () => {
    const log = await AuditLog.open(file);
    await log.record(entry(1));
    await appendFile(file, 'not json\n{"at":1}\n\n');
    await log.record(entry(2));
    expect((await log.newest(10)).map((e) => e.target)).toEqual(['id-2', 'id-1']);
  });
});
