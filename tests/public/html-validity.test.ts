/**
 * Valid HTML: every public page and the dashboard's pages pass the Nu Html Checker (vnu-jar, on
 * Java; tests/support/ensure-java.ts installs it). The pages are fetched from the running server
 * into a temporary folder and checked in one run of the checker.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { PUBLIC_ROUTES, SITE_PAGES } from './routes.ts';

const VNU = join(process.cwd(), 'node_modules/vnu-jar/build/dist/vnu.jar');
const site = testServer();

interface VnuMessage {
  url: string;
  lastLine?: number;
  message: string;
}

it('every public page and the dashboard pass the Nu Html Checker without errors', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'html-validity-'));
  try {
    const pages = [...PUBLIC_ROUTES, ...SITE_PAGES, '/404-probe', '/admin', '/admin/dashboard'];
    const files = new Map<string, string>();
    for (const path of pages) {
      const answer = await fetch(site.url + path);
      const file = join(dir, `${path.replace(/\W+/g, '_') || 'home'}.html`);
      await writeFile(file, await answer.text());
      files.set(file, path);
    }
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      ['-jar', VNU, '--format', 'json', '--errors-only', '--exit-zero-always', ...files.keys()],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr || stdout) as { messages: VnuMessage[] };
    const errors = messages.map(
      (message) =>
        `${files.get(decodeURIComponent(new URL(message.url).pathname)) ?? message.url}:${message.lastLine ?? '?'} ${message.message}`,
    );
    expect(errors).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
