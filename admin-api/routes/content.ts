import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { lastAlertChange } from '../../site/contract/alerts.ts';
import {
  imageField,
  LEADERSHIP_ROLES,
  LeadershipPatch,
  messageField,
  SiteContent,
} from '../../site/contract/content.ts';
import { contentInLanguage } from '../../site/contract/content-language.ts';
import { lastPublication, PUBLICATION_LISTS } from '../../site/contract/public-content.ts';
import { localDateTime, type Publication } from '../../site/contract/publication.ts';
import { may } from '../../site/contract/roles.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { limitBody } from '../http/body-limit.ts';
import { HttpError } from '../http/errors.ts';
import { etagMatches, sameBodyPerEtag } from '../http/etag.ts';
import { readJson } from '../http/json-body.ts';
import { LanguageQuery, requestedLanguage } from '../http/language-query.ts';
import { EXAMPLE_EVENT } from '../openapi/examples.ts';
import { operations } from '../openapi/operation.ts';
import { publicView } from '../store/public-view.ts';
import { contentEtag, contentWriter, keptRetention } from '../workflow/content-writer.ts';
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
// The parts added since that have a default (the urgent notices, how long personal data is kept, the media
// library's alt texts, the replaced documents' old ids), left out by clients that do not know them, are kept:
// no default applies here.
const ContentFields = SiteContent.extend({
  alerts: SiteContent.shape.alerts.unwrap().optional(),
  retention: SiteContent.shape.retention.unwrap().optional(),
  imageAlts: SiteContent.shape.imageAlts.unwrap().optional(),
  documentAliases: SiteContent.shape.documentAliases.unwrap().optional(),
}).partial();
const WholeContent = z.preprocess((body, ctx) => {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const missing = SPEC_FIELDS.filter((field) => !Object.hasOwn(body, field));
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', message: `The content is incomplete (missing: ${missing.join(', ')})` });
    }
  }
  return body;
}, ContentFields);
/** The same, as the API reference shows it: the spec's fields required, the others optional. */
const WholeContentBody = ContentFields.required(
  Object.fromEntries(SPEC_FIELDS.map((field) => [field, true])) as Record<(typeof SPEC_FIELDS)[number], true>,
);

/** What the ETag of an answer that carries the content (or one of its lists) names. */
export const CONTENT_ETAG =
  'The version of the whole content: send it back as `If-Match` with PUT or PATCH /api/content (Undo does), to be refused (412) if it changed meanwhile.';
const UNCACHED = { 'Cache-Control': '`no-cache`: ask again each time (with `If-None-Match`).' };

/** PUT /api/content, as the API reference shows it: every list and every leader, one event. */
const WHOLE_CONTENT_EXAMPLE = {
  logos: [],
  homegallery: [],
  gallery: [],
  events: [
    {
      _id: '3f2b8c1e-6d4a-4c1b-9a7e-2b5d8f0c4e61',
      ...EXAMPLE_EVENT,
      status: 'published',
      publishAt: null,
    },
  ],
  news: [],
  ...Object.fromEntries(
    LEADERSHIP_ROLES.flatMap((role) => [
      [messageField(role), role === 'headmistress' ? 'Dear parents, welcome to the new school year.' : ''],
      [imageField(role), null],
    ]),
  ),
};

const CHANGED_MEANWHILE =
  'The content was changed meanwhile (in another tab or by another administrator). Reload to get the latest version.';
const STALE = {
  412: `The content changed since the version sent as \`If-Match\`: nothing was saved (“${CHANGED_MEANWHILE}”).`,
};

/**
 * The site-content document. Anyone reads what is public now (GET /api/content); those who write
 * read all of it, drafts included (GET /api/admin/content). Its ETag lets a client that sends
 * `If-Match` with a PUT be refused (412) instead of overwriting changes it has not seen.
 */
export function contentRoutes(deps: AppDeps) {
  const { stores } = deps;
  const op = operations(deps);
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
  const whole = (description: string) => ({
    description,
    schema: SiteContent,
    headers: { ETag: CONTENT_ETAG },
  });

  return (
    new Hono<AdminEnv>()
      .get(
        '/content',
        op({
          tag: 'Content',
          summary: 'The site content',
          description:
            'Everything visitors may see now: what is published and due, without drafts and without who wrote or changed what.',
          query: LanguageQuery,
          answers: {
            200: {
              ...whole('The content visitors see.'),
              headers: {
                ETag: 'The version of the public content: send it back as `If-None-Match` to get 304 while it is the same, or as `If-Match` with a change.',
                ...UNCACHED,
              },
            },
            304: { description: 'Not changed since the ETag sent as `If-None-Match`: no body.', media: null },
          },
        }),
        (c) => {
          const now = new Date();
          const language = requestedLanguage(c, stores.content.data.settings.languages);
          const etag = publicEtag(stores, now);
          if (etagMatches(c.req.header('if-none-match'), etag)) {
            return c.body(null, 304, { ETag: etag, 'Cache-Control': 'no-cache' });
          }
          sameBodyPerEtag(c);
          const visible = publicView(stores, now);
          const body = language ? contentInLanguage(visible, language) : visible;
          return c.body(stores.content.serialized(body), 200, {
            'Content-Type': 'application/json',
            ETag: etag,
            'Cache-Control': 'no-cache',
          });
        },
      )
      // Everything, with each item's state; a Contributor sees what is published and its own.
      .get(
        '/admin/content',
        op({
          tag: 'Content',
          summary: 'The site content, drafts included',
          description:
            'Every item with its state, who wrote it and who last changed it. Administrators and Editors get all of it; a Contributor gets what is published (or scheduled) and its own items.',
          permission: 'drafts',
          answers: { 200: whole('The content as stored (for a Contributor: without others’ unpublished items).') },
        }),
        (c) => {
          const admin = c.get('admin');
          sameBodyPerEtag(c);
          if (may(admin.role, 'content')) return contentAnswer(c, stores, stores.content.data);
          return c.body(stores.content.serialized(contributorView(stores.content.data, admin._id)), 200, {
            'Content-Type': 'application/json',
            ETag: etagOf(stores.content.data),
          });
        },
      )
      .put(
        '/content',
        op({
          tag: 'Content',
          summary: 'Replace the whole content',
          description:
            'Send the whole document. The lists, the leaders’ messages and their images must all be sent (a list left out is refused, not emptied); `settings`, `pages`, `circulars` and `retention` may be left out and stay as they are. Items not public now that were not sent (drafts, scheduled items) are kept, and so are who wrote each item and a reviewer’s note. `retention` is taken only from an Administrator. Send the ETag of the content read as `If-Match` so that a change made meanwhile is not overwritten. The body may be up to 48 MB.',
          permission: 'content',
          body: WholeContentBody,
          example: WHOLE_CONTENT_EXAMPLE,
          answers: { 200: whole('The content as stored.') },
          refusals: STALE,
        }),
        documentLimit,
        async (c) => {
          const ifMatch = c.req.header('if-match');
          const content = await readJson(c, WholeContent);
          const saved = await write((draft) => {
            refuseStaleDocument(ifMatch);
            Object.assign(draft, withWhatWasNotSent(content, stores.content.data));
            draft.retention = keptRetention(c.get('admin').role, content.retention, stores.content.data);
          });
          return contentAnswer(c, stores, saved);
        },
      )
      // Only the fields sent: the leadership autosave's requests and answers stay small whatever the
      // size of the site's lists.
      .patch(
        '/content',
        op({
          tag: 'Pages',
          summary: 'Change leaders’ messages or images',
          description:
            'Send only the leadership fields to change (`presidentMessage`, `presidentImage`…); the rest of the content stays as it is. `translations` replaces the messages’ texts in the other languages, all of them. Send the ETag of the content read as `If-Match` so that a change made meanwhile is not overwritten.',
          permission: 'content',
          body: LeadershipPatch,
          example: { headmistressMessage: 'Dear parents, welcome to the new school year.' },
          answers: {
            200: {
              description: 'The fields sent, as stored.',
              schema: LeadershipPatch,
              headers: { ETag: CONTENT_ETAG },
            },
          },
          refusals: STALE,
        }),
        patchLimit,
        async (c) => {
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
        },
      )
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
 * The ETag of the public content now: the document's, the last scheduled time that has come and
 * the last moment an urgent notice started or ended, since what is public changes with them. A
 * write's `If-Match` may send it back: it names the document.
 */
function publicEtag(stores: AppDeps['stores'], now: Date): string {
  const content = stores.content.data;
  const last = lastPublication(content, localDateTime(now, content.settings.timeZone));
  const notices = lastAlertChange(content.alerts ?? [], now);
  const moments = [last, notices && new Date(notices).toISOString()].filter(Boolean);
  return `"${[stores.content.version(content), ...moments].join('~')}"`;
}

/** What a Contributor works with: everything published (or scheduled), and its own items. */
function contributorView(content: SiteContent, accountId: string): SiteContent {
  const view = { ...content };
  for (const key of PUBLICATION_LISTS) {
    const items = content[key] as readonly Publication[];
    (view as Record<string, unknown>)[key] = items.filter((item) => contributorSees(item, accountId));
  }
  return view;
}

/** Whether a Contributor sees an item of a list that waits for publishing: published (or scheduled), or its own. */
export const contributorSees = (item: Publication, accountId: string) =>
  item.status === 'published' || item.author?.id === accountId;
