import { type Context, Hono } from 'hono';
import * as z from 'zod';
import {
  imageField,
  LEADERSHIP_ROLES,
  LeadershipPatch,
  messageField,
  SiteContent,
} from '../../site/contract/content.ts';
import { lastPublication, PUBLICATION_LISTS } from '../../site/contract/public-content.ts';
import { localDateTime, type Publication } from '../../site/contract/publication.ts';
import { may } from '../../site/contract/roles.ts';
import type { AppDeps } from '../app-deps.ts';
import { type AdminEnv, permissions } from '../auth/require-admin.ts';
import { limitBody } from '../http/body-limit.ts';
import { HttpError } from '../http/errors.ts';
import { etagMatches } from '../http/etag.ts';
import { readJson } from '../http/json-body.ts';
import { contentEtag, contentWriter, keptRetention } from '../store/content-writer.ts';
import { publicView } from '../store/public-view.ts';
import { withWhatWasNotSent } from '../workflow/whole-content.ts';

/**
 * The whole document, with every list full (LIST_LIMIT items each), gets more room than other
 * JSON bodies. The leadership autosave sends only its fields (PATCH), whose bodies stay small.
 */
const DOCUMENT_LIMIT = 48 * 1024 * 1024;
const PATCH_LIMIT = 256 * 1024;

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
  // How long personal data is kept, left out by clients that do not know it, is kept: no default.
}, SiteContent.extend({ retention: SiteContent.shape.retention.unwrap().optional() }).partial());

const CHANGED_MEANWHILE =
  'The content was changed meanwhile (in another tab or by another administrator). Reload to get the latest version.';

/**
 * The site-content document. Anyone reads what is public now (GET /api/content); those who write
 * read all of it, drafts included (GET /api/admin/content). Its ETag lets a client that sends
 * `If-Match` with a PUT be refused (412) instead of overwriting changes it has not seen.
 */
export function contentRoutes(deps: AppDeps) {
  const { stores } = deps;
  const allow = permissions(deps);
  const write = contentWriter(deps);
  const documentLimit = limitBody(DOCUMENT_LIMIT, 'The content is too large to save');
  const patchLimit = limitBody(PATCH_LIMIT, 'The content is too large to save');
  const etagOf = (content: SiteContent) => contentEtag(stores, content);
  const refuseStaleDocument = (ifMatch: string | undefined) => {
    // The public ETag names the document too, with the moment of the last item that went live.
    const documentTags = ifMatch?.replace(/~[^",]*/g, '');
    if (documentTags && !etagMatches(documentTags, etagOf(stores.content.data))) {
      throw new HttpError(412, CHANGED_MEANWHILE);
    }
  };

  return (
    new Hono<AdminEnv>()
      .get('/content', (c) => {
        const now = new Date();
        const etag = publicEtag(stores, now);
        if (etagMatches(c.req.header('if-none-match'), etag)) {
          return c.body(null, 304, { ETag: etag, 'Cache-Control': 'no-cache' });
        }
        return c.body(stores.content.serialized(publicView(stores, now)), 200, {
          'Content-Type': 'application/json',
          ETag: etag,
          'Cache-Control': 'no-cache',
        });
      })
      // Everything, with each item's state; a Contributor sees what is published and its own.
      .get('/admin/content', allow('drafts'), (c) => {
        const admin = c.get('admin');
        if (may(admin.role, 'content')) return contentAnswer(c, stores, stores.content.data);
        return c.body(stores.content.serialized(contributorView(stores.content.data, admin._id)), 200, {
          'Content-Type': 'application/json',
          ETag: etagOf(stores.content.data),
        });
      })
      .put('/content', allow('content'), documentLimit, async (c) => {
        const ifMatch = c.req.header('if-match');
        const content = await readJson(c, WholeContent);
        const saved = await write((draft) => {
          refuseStaleDocument(ifMatch);
          Object.assign(draft, withWhatWasNotSent(content, stores.content.data));
          draft.retention = keptRetention(c.get('admin').role, content.retention, stores.content.data);
        });
        return contentAnswer(c, stores, saved);
      })
      // Only the fields sent: the leadership autosave's requests and answers stay small whatever the
      // size of the site's lists.
      .patch('/content', allow('content'), patchLimit, async (c) => {
        const ifMatch = c.req.header('if-match');
        const patch = await readJson(c, LeadershipPatch);
        const saved = await write((draft) => {
          refuseStaleDocument(ifMatch);
          Object.assign(draft, patch);
        });
        const written = Object.fromEntries(
          Object.keys(patch).map((field) => [field, saved[field as keyof typeof patch]]),
        );
        return c.json(written, 200, { ETag: etagOf(saved), 'Cache-Control': 'no-cache' });
      })
  );
}

/**
 * A committed content document as JSON, with its ETag (the store's name for that commit);
 * answers that carry the full content use this.
 */
export function contentAnswer(c: Context, stores: AppDeps['stores'], content: SiteContent): Response {
  return c.body(stores.content.serialized(content), 200, {
    'Content-Type': 'application/json',
    ETag: contentEtag(stores, content),
    'Cache-Control': 'no-cache',
  });
}

/**
 * The ETag of the public content now: the document's, and the last scheduled time that has come,
 * since what is public changes with it. A write's `If-Match` may send it back: it names the document.
 */
function publicEtag(stores: AppDeps['stores'], now: Date): string {
  const content = stores.content.data;
  const last = lastPublication(content, localDateTime(now, content.settings.timeZone));
  const version = stores.content.version(content);
  return last ? `"${version}~${last}"` : `"${version}"`;
}

/** What a Contributor works with: everything published (or scheduled), and its own items. */
function contributorView(content: SiteContent, accountId: string): SiteContent {
  const view = { ...content };
  for (const key of PUBLICATION_LISTS) {
    const items = content[key] as readonly Publication[];
    (view as Record<string, unknown>)[key] = items.filter(
      (item) => item.status === 'published' || item.author?.id === accountId,
    );
  }
  return view;
}
