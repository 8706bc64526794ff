/** What the attacks share: requests sent byte for byte, the stored files, the list of answers. */

import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createApp } from '../../admin-api/app.ts';
import type { AppDeps } from '../../admin-api/app-deps.ts';

/** The API's app made with dependencies that do nothing: its routes and descriptions, no I/O. */
export function inertApp() {
  const inert = {
    stores: {},
    publisher: {},
    images: {},
    documents: {},
    notifier: {},
    jwtSecret: '',
    trustProxy: false,
  } as unknown as AppDeps;
  return createApp(inert);
}

/** Every call the API answers, as "METHOD /path", read from the app's own routing table. */
export function apiCalls(): string[] {
  const calls = inertApp()
    .routes.filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(calls)].sort();
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface RawRequest {
  method: string;
  /** Sent as it is: no `../` resolved, no percent sign re-encoded (fetch would do both). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** One HTTP request exactly as given, to try what a browser or fetch would never send. */
export function rawRequest(base: string, { method, path, headers = {}, body }: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    // A connection of its own: an attack the server answers by closing it (a body too large) must not
    // leave a half-closed connection for the next case to meet ("socket hang up").
    const outgoing = request({ hostname, port, method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The answer's body parsed as JSON, or undefined when it is not JSON. */
export function jsonOf(answer: { text: string }): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

export const STORED_FILES = ['content.json', 'alumni.json', 'admins.json', 'messages.json', 'erasures.json'] as const;

/** The stored documents, byte for byte. */
export async function storedFiles(dataDir: string): Promise<Record<string, string>> {
  const entries = await Promise.all(
    STORED_FILES.map(async (name) => [name, await readFile(join(dataDir, name), 'utf8')] as const),
  );
  return Object.fromEntries(entries);
}

/** Every file under `dir`, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/** Counts what a file's attacks did, and prints it once at the end: the figures of the report. */
export class Tally {
  #counts = new Map<string, number>();
  readonly title: string;

  constructor(title: string) {
    this.title = title;
  }

  add(what: string, count = 1): void {
    this.#counts.set(what, (this.#counts.get(what) ?? 0) + count);
  }

  get(what: string): number {
    return this.#counts.get(what) ?? 0;
  }

  print(): void {
    const lines = [...this.#counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([what, count]) => `  ${what}: ${count}`);
    console.log(`${this.title}\n${lines.join('\n')}`);
  }
}

/** A tally for this test file, printed once its tests are done. */
export function fileTally(title: string): Tally {
  const tally = new Tally(title);
  afterAll(() => tally.print());
  return tally;
}

/** A former student as the public form registers one: the person whose data the suites ask for. */
export const ALUMNUS = {
  fullName: 'Kiran Rao',
  gender: 'male',
  mobile: '+91 98450 12345',
  email: 'kiran.rao@example.org',
  address: '3 Hill View',
  periodOfStudy: '2001-2013',
  qualification: 'BCom',
  occupation: 'Accountant',
};

/** The calls anyone may make, as the spec says (the first-time setup aside). */
export const PUBLIC_CALLS = [
  'GET /api/content',
  'GET /api/image/:imageId',
  'GET /api/events',
  'GET /api/news',
  'GET /api/settings',
  'GET /api/pages',
  'POST /api/alumni',
  'GET /api/circulars',
  'GET /api/alerts',
  'GET /api/document/:documentId',
  // The uploads at the static paths the pages link.
  'GET /images/:name',
  'GET /documents/:name',
  // The app's icons, made from the logo.
  'GET /icons/:name',
  'POST /api/contact',
  // Families' subscriptions: the ones after the first hold the subscription's own signed token.
  'POST /api/subscriptions',
  'POST /api/subscriptions/confirm',
  'GET /api/subscriptions/mine',
  'PUT /api/subscriptions/mine',
  'DELETE /api/subscriptions/mine',
  'POST /api/subscriptions/unsubscribe',
  // Notifications: a browser's subscription, named by its endpoint.
  'GET /api/push/key',
  'POST /api/push-subscriptions',
  'DELETE /api/push-subscriptions',
  'POST /api/admin/login',
  // The API described: the OpenAPI document and its interactive reference.
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/assets/:name',
];
