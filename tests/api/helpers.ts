/** Calls the API tests share: uploads, tokens of every kind, the built site's files. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { expect } from 'vitest';
import { type ApiAnswer, call } from '../support/api.ts';

/** POST /api/upload with `bytes` as the form field `file`, as the dashboard sends it. */
export async function upload(
  base: string,
  token: string | null,
  bytes: Uint8Array,
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: as `call`, the assertions check the answer
): Promise<ApiAnswer<any>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

/** Uploads an image and answers its reference, failing the test when the upload is refused. */
export async function uploaded(base: string, token: string, bytes: Uint8Array, name = 'photo.png') {
  const answer = await upload(base, token, bytes, name);
  if (answer.status !== 201) throw new Error(`upload refused: ${JSON.stringify(answer.body)}`);
  return answer.body as { imageId: string; originalName: string };
}

/** Tokens a client might send that must all be refused (and a valid one, to prove the test). */
export function tokensFor(secret: string, validToken: string) {
  const adminId = (jwt.decode(validToken) as { sub: string }).sub;
  const now = Math.floor(Date.now() / 1000);
  return {
    valid: jwt.sign({}, secret, { algorithm: 'HS256', subject: adminId, expiresIn: '1h' }),
    refused: {
      missing: null,
      garbage: 'not-a-token',
      'wrong secret': jwt.sign({}, 'some-other-secret', { algorithm: 'HS256', subject: adminId, expiresIn: '1h' }),
      expired: jwt.sign({ iat: now - 7200, exp: now - 60 }, secret, { algorithm: 'HS256', subject: adminId }),
      'unsigned (alg none)': jwt.sign({}, '', { algorithm: 'none', subject: adminId }),
    } as Record<string, string | null>,
  };
}

export async function content(base: string) {
  return (await call(base, 'GET', '/api/content')).body;
}

/** Every file of the site the server serves now, as text. */
export async function builtSiteFiles(dataDir: string): Promise<Map<string, string>> {
  const root = join(dataDir, 'site', 'current', 'public');
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(root.length), await readFile(path, 'utf8'));
  }
  return files;
}

/** GET /api/admin/build-status. */
export async function buildStatus(base: string, token: string) {
  return (
    await call<{ live: boolean; buildCount: number; state: string }>(base, 'GET', '/api/admin/build-status', { token })
  ).body;
}

/**
 * An event's own fields, sorted: a stored event has these and no others (a staff answer adds who
 * wrote it, `author`). Tests that send fields of their own check the server kept none of them.
 */
export const EVENT_FIELDS = [
  '_id',
  'date',
  'description',
  'image',
  'location',
  'publishAt',
  'status',
  'time',
  'title',
  'updated',
];

/** The heading row of the contact messages' CSV (GET /api/admin/messages.csv, the dashboard's download). */
export const MESSAGES_CSV_HEADINGS = [
  'Received',
  'Name',
  'Email',
  'Phone',
  'Subject',
  'Message',
  'Read',
  'Consent given',
  'Privacy notice agreed to',
];

const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An item written without a word about publishing, by an Administrator or an Editor: public at once. */
export const PUBLISHED = { status: 'published', publishAt: null } as const;

/** What staff answers show of the last change of something: who made it, at some moment. */
export const changedBy = (username: string) => ({ updated: { at: expect.stringMatching(INSTANT), by: username } });

/** What staff answers show of an item `username` wrote and was the last to change. */
export const writtenBy = (username: string) => ({
  author: { id: expect.stringMatching(ACCOUNT_ID), username },
  ...changedBy(username),
});

/**
 * `item` of a staff answer as visitors get it: without the fields only staff see (who wrote and
 * changed it, a reviewer's note). Comparing a public answer with it checks they are not there.
 */
export function asPublic<T extends object>(item: T): Omit<T, 'author' | 'updated' | 'reviewNote'> {
  const {
    author: _author,
    updated: _updated,
    reviewNote: _note,
    ...visible
  } = item as T & {
    author?: unknown;
    updated?: unknown;
    reviewNote?: unknown;
  };
  return visible;
}

/**
 * The stored `content` of a site where everything is published, as visitors get it: without who
 * wrote and changed each part (items, pages, logos, the school details, each leader's message).
 */
export function asPublicContent<T extends Record<string, unknown>>(content: T): Record<string, unknown> {
  const { leadershipUpdated: _leadershipUpdated, ...visible } = content;
  const lists = ['logos', 'events', 'news', 'gallery', 'homegallery', 'circulars', 'pages'] as const;
  const result: Record<string, unknown> = { ...visible, settings: asPublic(content.settings as object) };
  for (const key of lists) result[key] = (content[key] as object[]).map(asPublic);
  return result;
}
