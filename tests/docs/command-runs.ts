/**
 * Running the docs' commands for real, each in a temporary folder of its own: DATA_DIR,
 * UPLOADS_DIR and PORT point there and at a free port (the values a command names for them, its
 * archive paths and `--out` folders are moved there; the rest of the line is the docs' own). A
 * recipe per kind of command runs it and checks what it did: seed:demo, backup, restore, recover,
 * build, publish (to the test file's S3 bucket), `npm start` and `npm run dev` (started, answered,
 * stopped), and the API examples (`curl`, against the test file's server). What `STATIC_ONLY` lists
 * is checked only, each with why.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect } from 'vitest';
import { copyFirstBuild } from '../support/first-build.ts';
import type { Site } from '../support/harness.ts';
import { startServer } from '../support/server.ts';
import type { TestBucket } from '../support/test-bucket.ts';
import { type CommandLine, PRODUCT_ORIGIN } from './doc-reading.ts';
import { root } from './project-facts.ts';
import type { Segment } from './shell-reading.ts';

/** Commands the test checks but does not run, and why. */
const STATIC_ONLY: [RegExp, string][] = [
  [/^npm (install|ci)\b/, 'changes node_modules, which the whole working tree runs on'],
  [/^npm test$/, 'the whole suite, this file included'],
  [/^npx vitest\b/, 'runs tests: the fuzzing for minutes, or this very file again'],
  [/^npm audit\b/, "asks the registry's audit service, which CI reaches"],
  [/^npm run lint$/, 'checks the whole tree, as npm test does first'],
  [/^npm run format$/, 'rewrites the files of the tree in place'],
  [/^npm run typecheck$/, 'npm test runs it first; astro sync writes .astro/'],
  [/^npm run test:(chaos|long)$/, 'minutes of fuzzing and crashes: CI runs them'],
  [/^npm run bench(:[\w-]+)?( -- .*)?$/, 'minutes long, needs nginx and wrk as root: run on purpose'],
  // Minutes of seeding each: npm run test:long runs them (TEST_LONG), and npm test seeds the
  // large demo once for the tests that look at it (tests/public/seed-demo-large.test.ts).
  ...(process.env.TEST_LONG
    ? []
    : ([[/^npm run seed:demo -- --(large|limit)$/, 'minutes of seeding: npm run test:long runs it']] as [
        RegExp,
        string,
      ][])),
];

export function staticReason(segment: Segment): string | undefined {
  const command = segment.argv.join(' ');
  return STATIC_ONLY.find(([pattern]) => pattern.test(command))?.[1];
}

/** What running a command needs: the kind of recipe below, by its program and script. */
export function recipeOf(segment: Segment): string | undefined {
  const [program, sub, script] = segment.argv;
  if (program === 'curl') return 'api';
  if (program !== 'npm') return undefined;
  if (sub === 'start') return 'serve';
  if (sub === 'run' && script === 'dev') return 'serve';
  if (sub === 'run' && ['seed:demo', 'backup', 'restore', 'recover', 'build', 'publish'].includes(script ?? '')) {
    return script;
  }
  return undefined;
}

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

/**
 * The setup button and the login, as the docs tell: the default administrator's token. (Plain
 * requests: the API's own tests check the answers against the OpenAPI document.)
 */
async function setupAndLogin(base: string): Promise<string> {
  const credentials = JSON.stringify({ username: 'admin', password: 'admin123' });
  const headers = { 'Content-Type': 'application/json' };
  const created = await fetch(`${base}/api/admin/create`, { method: 'POST', headers, body: credentials });
  if (created.status !== 201) throw new Error(`setup: ${created.status} ${await created.text()}`);
  const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers, body: credentials });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

interface Sandbox {
  base: string;
  dataDir: string;
  uploadsDir: string;
  port: number;
}

const sandboxes: string[] = [];

/** Removes the temporary folders of the commands run (the test file's `afterAll`). */
export async function removeSandboxes(): Promise<void> {
  for (const base of sandboxes) await rm(base, { recursive: true, force: true });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function sandbox(): Promise<Sandbox> {
  const base = await mkdtemp(join(tmpdir(), 'school-docs-'));
  sandboxes.push(base);
  return { base, dataDir: join(base, 'data'), uploadsDir: join(base, 'uploads'), port: await freePort() };
}

/** Vitest's own variables tell Astro's dev server it runs under a test, where it serves no pages. */
const withoutVitest = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST')));

/**
 * The command as the docs write it, with its folders, port, archives, output folder and bucket
 * moved to the sandbox's (the values the docs show are examples for a real machine).
 */
function relocate(text: string, box: Sandbox, extra: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    DATA_DIR: box.dataDir,
    UPLOADS_DIR: box.uploadsDir,
    PORT: String(box.port),
    ...extra,
  };
  let line = text
    .replace(/(?<=^|\s)([A-Z][A-Z0-9_]*)=('[^']*'|"[^"]*"|\S+)/g, (whole, name: string) =>
      name in values ? `${name}=${values[name]}` : whole,
    )
    .replace(/(?<=\s)(\S+\.tar\.gz)(?=\s|$)/g, (path: string) => join(box.base, basename(path)))
    .replace(/--out\s+\S+/g, `--out ${join(box.base, 'build')}`);
  if (/\bnpm run build\b/.test(line) && !line.includes('--out')) {
    line += line.includes(' -- ') ? ` --out ${join(box.base, 'build')}` : ` -- --out ${join(box.base, 'build')}`;
  }
  return line;
}

interface Shell {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

function shell(line: string, box: Sandbox, env: Record<string, string> = {}): Shell {
  const child = spawn('bash', ['-c', line], {
    cwd: root,
    env: {
      ...withoutVitest(process.env),
      DATA_DIR: box.dataDir,
      UPLOADS_DIR: box.uploadsDir,
      PORT: String(box.port),
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const group = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      group('SIGTERM');
      const killed = setTimeout(() => group('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

async function runToEnd(line: string, box: Sandbox, env: Record<string, string> = {}): Promise<string> {
  const run = shell(line, box, env);
  const timeout = setTimeout(() => void run.stop(), 150_000);
  const code = await run.exited;
  clearTimeout(timeout);
  if (code !== 0) throw new Error(`\`${line}\` exited with ${code}:\n${run.output()}`);
  return run.output();
}

/** Starts a serving command, waits until its port answers, checks `/`, and stops it. */
async function serveAndStop(line: string, box: Sandbox): Promise<void> {
  const run = shell(line, box);
  try {
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (run.child.exitCode !== null) throw new Error(`\`${line}\` exited (${run.child.exitCode}):\n${run.output()}`);
      const answer = await fetch(`http://127.0.0.1:${box.port}/`).catch(() => null);
      if (answer) {
        expect(answer.status, run.output()).toBe(200);
        await answer.body?.cancel();
        break;
      }
      if (Date.now() > deadline) throw new Error(`\`${line}\` did not answer on port ${box.port}:\n${run.output()}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  } finally {
    await run.stop();
  }
}

/** A data folder with the demo content (made directly, not by the line under test). */
async function seededSandbox(): Promise<Sandbox> {
  const box = await sandbox();
  await runToEnd('node admin-api/seed-demo.ts', box, { PORT: '0' });
  return box;
}
const seeded = once(seededSandbox);

/** The demo content after a server ran on it: the site built, a history, an edit, a login. */
const served = once(async () => {
  const box = await seededSandbox();
  const server = await startServer({ dataDir: box.dataDir, uploadsDir: box.uploadsDir });
  try {
    const token = await setupAndLogin(server.url);
    const answer = await fetch(`${server.url}/api/settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tagline: 'Tested by the docs' }),
    });
    expect(answer.status).toBe(200);
  } finally {
    await server.stop();
  }
  return box;
});

/** A backup archive of the demo content. */
const archive = once(async () => {
  const box = await seeded();
  const file = join(box.base, 'made-for-restore.tar.gz');
  await runToEnd(`node admin-api/backup-cli.ts backup ${file}`, box);
  return file;
});

const contentOf = async (box: Sandbox) => JSON.parse(await readFile(join(box.dataDir, 'content.json'), 'utf8'));

/** How one kind of command (see `recipeOf`) is run, and what it must have done. */
type Recipe = (segment: Segment, command: CommandLine) => Promise<void>;

/**
 * The recipes, with the test file's server (the API examples run against it, once its setup button
 * made the administrator) and bucket (the one `npm run publish` publishes to).
 */
export function commandRecipes(site: Site, bucket: TestBucket): Record<string, Recipe> {
  const administrator = once(() => setupAndLogin(site.url));
  return {
    async 'seed:demo'(segment) {
      const box = await sandbox();
      const output = await runToEnd(relocate(segment.text, box), box);
      expect(output).toMatch(/Demo content written/);
      expect((await contentOf(box)).news.length).toBeGreaterThan(0);
    },
    async backup(segment) {
      const box = await seeded();
      const line = relocate(segment.text, box);
      await runToEnd(line, box);
      const file = line.split(/\s+/).find((word) => word.endsWith('.tar.gz'));
      expect(file, 'the backup names its archive').toBeDefined();
      expect((await stat(file!)).size).toBeGreaterThan(1000);
    },
    async restore(segment) {
      // Into empty folders, or with --force over the demo content.
      const box = segment.argv.includes('--force') ? await seededSandbox() : await sandbox();
      const line = relocate(segment.text, box);
      const file = line.split(/\s+/).find((word) => word.endsWith('.tar.gz'));
      expect(file, 'the restore names its archive').toBeDefined();
      await cp(await archive(), file!);
      await runToEnd(line, box);
      expect((await contentOf(box)).news).toEqual((await contentOf(await seeded())).news);
    },
    async recover(segment) {
      const box = await sandbox();
      await cp((await served()).base, box.base, { recursive: true });
      const name = segment.argv.at(-1)!.replace(/(\.json)?$/, '.json');
      await writeFile(join(box.dataDir, name), '{ "damaged": ');
      await runToEnd(relocate(segment.text, box), box);
      JSON.parse(await readFile(join(box.dataDir, name), 'utf8'));
      const kept = (await readdir(box.dataDir)).filter((file) => file.startsWith(name.replace('.json', '.damaged-')));
      expect(kept).toHaveLength(1);
    },
    async build(segment) {
      // Run, not only checked: npm run build takes about 5 s on the demo here, compiling the site's
      // code into `dist/` included (about 1 s when a server compiled it already).
      const box = await seeded();
      const line = relocate(segment.text, box);
      await rm(join(box.base, 'build'), { recursive: true, force: true });
      await runToEnd(line, box);
      const index = await readFile(join(box.base, 'build', 'index.html'), 'utf8');
      const origin = segment.assignments.find((assignment) => assignment.name === 'PUBLIC_API_ORIGIN')?.value;
      if (origin) expect(index).toContain(origin);
    },
    async publish(segment) {
      const box = await served();
      // Only the line's own settings (moved to the test bucket): a line that misses one fails.
      await runToEnd(relocate(segment.text, box, bucket.env), box);
      expect((await bucket.object('index.html'))?.text).toMatch(/<html/i);
    },
    async serve(segment) {
      const box = await sandbox();
      // On the run's first build, as a restarted server: the line serves at once, not after building
      // the default site again (the first start of all is the run's global set-up).
      await copyFirstBuild(box.dataDir);
      await serveAndStop(relocate(segment.text, box), box);
    },
    async api(_segment, command) {
      // The whole example, against the test server, once the setup button made the administrator.
      await administrator();
      const script = ['set -euo pipefail', command.fence.replaceAll(PRODUCT_ORIGIN, site.url)].join('\n');
      const output = await runToEnd(script.replace(/\bcurl\b/g, 'curl --fail'), await sandbox());
      // The example's last answer, JSON as the docs show it.
      expect(() => JSON.parse(output.trim().split('\n').at(-1) ?? '')).not.toThrow();
    },
  };
}
