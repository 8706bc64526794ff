import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox, type OutboxOptions } from './outbox.ts';

let dataDir = '';
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'outbox-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const recipients = (count: number) => Array.from({ length: count }, (_, i) => `r${i}`);

/** An outbox whose sends are recorded in `sent` (as `message recipient`). */
async function openOutbox(sent: string[], options: Partial<OutboxOptions<string>> = {}) {
  return Outbox.open<string>({
    dataDir,
    rate: 1000,
    send: async (message, recipient) => {
      sent.push(`${message} ${recipient}`);
      return 'sent';
    },
    ...options,
  });
}

const mailLog = async () =>
  (await readFile(join(dataDir, 'mail-log.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('the outbox', () => {
  it('sends a batch to every recipient once, logs it, and takes no second batch of the same id', async () => {
    const sent: string[] = [];
    const outbox = await openOutbox(sent);
    expect(await outbox.enqueue('news-1', 'hello', recipients(30))).toBe(true);
    await outbox.settled();
    expect(sent.sort()).toEqual(
      recipients(30)
        .map((r) => `hello ${r}`)
        .sort(),
    );
    expect(await outbox.enqueue('news-1', 'hello again', recipients(30))).toBe(false);
    await outbox.close();
    expect(await mailLog()).toEqual([
      expect.objectContaining({ id: 'news-1', counts: { sent: 30, bounced: 0, skipped: 0, failed: 0 } }),
    ]);
    expect(await readdir(join(dataDir, 'outbox'))).toEqual([]);
    // After a restart too, the batch sent is not sent again.
    const again = await openOutbox(sent);
    expect(await again.enqueue('news-1', 'hello', recipients(30))).toBe(false);
    await again.close();
  });

  it('after a crash, sends what its log does not name, and nothing it names', async () => {
    const batch = {
      id: 'alert-9',
      createdAt: new Date().toISOString(),
      message: 'storm',
      recipients: recipients(10),
      urgent: true,
    };
    const folder = join(dataDir, 'outbox');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'alert-9.json'), JSON.stringify(batch));
    // Four were done before the crash, the fifth's line was cut short as it was written.
    await writeFile(join(folder, 'alert-9.log'), 'r0 sent\nr1 sent\nr2 skipped\nr3 bounced\nr4 se');
    const sent: string[] = [];
    const outbox = await openOutbox(sent);
    await outbox.settled();
    await outbox.close();
    expect(sent.sort()).toEqual(['r4', 'r5', 'r6', 'r7', 'r8', 'r9'].map((r) => `storm ${r}`));
  });

  it('sends nothing again of a batch logged as finished before a crash took its files', async () => {
    const folder = join(dataDir, 'outbox');
    await mkdir(folder, { recursive: true });
    const batch = {
      id: 'news-7',
      createdAt: new Date().toISOString(),
      message: 'fair',
      recipients: ['r0'],
      urgent: false,
    };
    await writeFile(join(folder, 'news-7.json'), JSON.stringify(batch));
    await writeFile(join(folder, 'news-7.log'), 'r0 sent\n');
    await writeFile(join(dataDir, 'mail-log.jsonl'), `${JSON.stringify({ id: 'news-7', counts: { sent: 1 } })}\n`);
    const sent: string[] = [];
    const outbox = await openOutbox(sent);
    await outbox.settled();
    await outbox.close();
    expect(sent).toEqual([]);
    expect(await mailLog()).toHaveLength(1);
    expect(await readdir(folder)).toEqual([]);
  });

  it('sends an urgent batch before the rest of one queued earlier', async () => {
    const sent: string[] = [];
    const outbox = await openOutbox(sent, { rate: 200 });
    await outbox.enqueue('digest', 'digest', recipients(40));
    await outbox.enqueue('alert', 'alert', recipients(3), { urgent: true });
    await outbox.settled();
    await outbox.close();
    const firstAlert = sent.findIndex((line) => line.startsWith('alert'));
    const lastDigest = sent.findLastIndex((line) => line.startsWith('digest'));
    expect(firstAlert).toBeLessThan(lastDigest);
    expect(firstAlert).toBeLessThan(10);
  });

  it('tries again what the server turned away for now, and counts a refusal for good as a bounce', async () => {
    const bounced: string[] = [];
    let refusals = 2;
    const outbox = await Outbox.open<string>({
      dataDir,
      rate: 1000,
      retryDelaysMs: [10, 10, 10],
      send: async (_message, recipient) => {
        if (recipient === 'gone') throw Object.assign(new Error('550 No such user'), { responseCode: 550 });
        if (recipient === 'busy' && refusals-- > 0)
          throw Object.assign(new Error('451 Try later'), { responseCode: 451 });
        if (recipient === 'left') return 'skipped';
        return 'sent';
      },
      bounced: async (recipient) => void bounced.push(recipient),
    });
    await outbox.enqueue('news-2', 'hi', ['ok', 'gone', 'busy', 'left']);
    await outbox.settled();
    await outbox.close();
    expect(bounced).toEqual(['gone']);
    expect((await mailLog())[0].counts).toEqual({ sent: 2, bounced: 1, skipped: 1, failed: 0 });
  });
});
