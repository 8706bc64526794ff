import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { imageField, LEADERSHIP_ROLES, messageField, SiteContent } from '../../site/contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { limitBody } from '../http/body-limit.ts';
import { HttpError } from '../http/errors.ts';
import { etagMatches, etagOf } from '../http/etag.ts';
import { readJson } from '../http/json-body.ts';
import { contentWriter } from '../store/content-writer.ts';

/**
 * The whole document travels on every keystroke of a leadership message, so it gets more room
 * than other JSON bodies: a school's content stays far below this for years.
 */
const DOCUMENT_LIMIT = 8 * 1024 * 1024;

/**
 * PUT /api/content: the whole document. A field of the spec's document left out is an error, not
 * a default: `{}` must not empty every list of the site. Fields added since (settings, pages,
 * circulars…) may be left out by clients that do not know them: they keep their stored value.
 */
const SPEC_FIELDS = [
  'logos',
  'homegallery',
  'gallery',
  'events',
  'news',
  ...LEADERSHIP_ROLES.flatMap((role) => [messageField(role), imageField(role)]),
] as const;
const WholeContent = z.preprocess((body, ctx) => {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const missing = SPEC_FIELDS.filter((field) => !Object.hasOwn(body, field));
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', message: `The content is incomplete (missing: ${missing.join(', ')})` });
    }
  }
  return body;
}, SiteContent.partial());

const CHANGED_MEANWHILE =
  'The content was changed meanwhile (in another tab or by another administrator). Reload to get the latest version.';

/**
 * The site-content document. Its ETag lets a client that sends `If-Match` with a PUT be refused
 * (412) instead of overwriting changes it has not seen.
 */
export function contentRoutes(deps: AppDeps) {
  const { stores, jwtSecret } = deps;
  const adminOnly = requireAdmin(jwtSecret, stores.admins);
  const write = contentWriter(deps);
  const documentLimit = limitBody(DOCUMENT_LIMIT, 'The content is too large to save');

  return new Hono()
    .get('/content', (c) => {
      const { etag } = serialized(stores.content.data);
      if (etagMatches(c.req.header('if-none-match'), etag)) {
        return c.body(null, 304, { ETag: etag, 'Cache-Control': 'no-cache' });
      }
      return contentAnswer(c, stores.content.data);
    })
    .put('/content', adminOnly, documentLimit, async (c) => {
      const ifMatch = c.req.header('if-match');
      const content = await readJson(c, WholeContent);
      const saved = await write((draft) => {
        if (ifMatch && !etagMatches(ifMatch, serialized(stores.content.data).etag)) {
          throw new HttpError(412, CHANGED_MEANWHILE);
        }
        Object.assign(draft, content);
      });
      return contentAnswer(c, saved);
    });
}

/** The full content as JSON, with its ETag; answers that carry the full content use this. */
export function contentAnswer(c: Context, content: SiteContent): Response {
  const { json, etag } = serialized(content);
  return c.body(json, 200, { 'Content-Type': 'application/json', ETag: etag, 'Cache-Control': 'no-cache' });
}

/** Each committed document is serialized once, however often it is asked for. */
const cache = new WeakMap<SiteContent, { json: string; etag: string }>();
function serialized(content: SiteContent) {
  let entry = cache.get(content);
  if (!entry) {
    const json = JSON.stringify(content);
    entry = { json, etag: etagOf(json) };
    cache.set(content, entry);
  }
  return entry;
}
