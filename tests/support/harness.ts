/**
 * The one test harness: a test file calls `testServer()` (and `testBrowser()` for Chromium) at its
 * top, and the vitest hooks these register start the real server on a free port with temporary
 * folders, create the default administrator and log in, and clean everything up after the file.
 *
 *     const site = testServer({ admin: true });
 *     const browser = testBrowser();
 *     it('…', async () => {
 *       await site.asAdmin('POST', '/api/events', { json: event });
 *       const page = await browser().newPage();
 *       await page.goto(site.url + '/eventsnews');
 *     });
 *
 * The server starts from the run's first build (./first-build.ts) unless its settings build
 * another site. The handle's fields are read inside hooks and tests, once the server is up. Tests
 * that start several servers at once use `startServer` (./server.ts) directly.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type ApiAnswer, call, setupAndLogin, waitUntilLive } from './api.ts';
import { connectBrowser, launchBrowser } from './browser.ts';
import { copyFirstBuild, startsFromFirstBuild } from './first-build.ts';
import { type RunningServer, removeFolders, startServer, tempFolders } from './server.ts';

export interface SiteOptions {
  /** Create the default administrator (admin / admin123) and log in: `site.token`. */
  admin?: boolean;
  /** Environment for the server, on every start and restart. */
  env?: Record<string, string>;
  /** `false`: make the folders but start nothing; the test calls `site.start()`. */
  start?: boolean;
  /** Run `npm run dev` instead of the product (`npm start`). */
  command?: 'start' | 'dev';
}

type CallOptions = Parameters<typeof call>[3];

export interface Site {
  /** The server running now (for `stop`, `kill`, `output`, `process`). */
  readonly server: RunningServer;
  readonly url: string;
  readonly dataDir: string;
  readonly uploadsDir: string;
  /** The administrator's token (with `admin: true`). */
  readonly token: string;
  /** `call` (./api.ts) on this server, sending a token only when `options.token` is given. */
  // biome-ignore lint/suspicious/noExplicitAny: as `call`, tests read answers of every shape
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<ApiAnswer<T>>;
  /** `call` on this server with the administrator's token. */
  // biome-ignore lint/suspicious/noExplicitAny: as `call`
  asAdmin<T = any>(method: string, path: string, options?: Omit<CallOptions, 'token'>): Promise<ApiAnswer<T>>;
  /** Waits until the public site shows the latest content (see `waitUntilLive`). */
  waitUntilLive(timeoutMs?: number): Promise<void>;
  /** Starts the server on the site's folders; `env` is added to the options' for this start. */
  start(env?: Record<string, string>): Promise<RunningServer>;
  /** Stops the server (if it still runs) and starts it again on the same folders. */
  restart(env?: Record<string, string>): Promise<RunningServer>;
}

/** Registers the hooks that start a server for this file (see the module comment) and answers its handle. */
export function testServer(options: SiteOptions = {}): Site {
  let folders: { dataDir: string; uploadsDir: string } | undefined;
  let running: RunningServer | undefined;
  let token: string | undefined;

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The test server has no ${what} yet: read it inside a hook or a test.`);
    return value;
  };

  const site: Site = {
    get server() {
      return ready(running, 'process');
    },
    get url() {
      return site.server.url;
    },
    get dataDir() {
      return ready(folders, 'folders').dataDir;
    },
    get uploadsDir() {
      return ready(folders, 'folders').uploadsDir;
    },
    get token() {
      if (!options.admin) throw new Error('Only testServer({ admin: true }) logs in.');
      return ready(token, 'token');
    },
    call: (method, path, callOptions) => call(site.url, method, path, callOptions),
    asAdmin: (method, path, callOptions) => call(site.url, method, path, { ...callOptions, token: site.token }),
    waitUntilLive: (timeoutMs) => waitUntilLive(site.url, site.token, timeoutMs),
    async start(env) {
      running = await startServer({
        ...ready(folders, 'folders'),
        env: { ...options.env, ...env },
        command: options.command,
      });
      return running;
    },
    async restart(env) {
      await running?.stop();
      return site.start(env);
    },
  };

  beforeAll(async () => {
    folders = await tempFolders();
    if (options.start === false) return;
    const command = options.command ?? 'start';
    if (command === 'start' && startsFromFirstBuild(options.env)) await copyFirstBuild(folders.dataDir);
    await site.start();
    if (options.admin) token = await setupAndLogin(site.url);
  });
  afterAll(async () => {
    await running?.stop();
    if (folders) await removeFolders(folders.dataDir);
  });
  return site;
}

/**
 * Registers the hooks that connect this file to the run's Chromium (./global-setup.ts), or launch
 * one of its own when there is none, and close it after; answers a getter.
 */
export function testBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const endpoint = inject('browserEndpoint');
    browser = endpoint ? await connectBrowser(endpoint) : await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not launched yet: use the browser inside a hook or a test.');
    return browser;
  };
}
