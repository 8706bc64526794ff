import { Hono } from 'hono';
import * as z from 'zod';
import {
  ADMIN_LIST_KEYS,
  ADMIN_LISTS,
  type AdminListKey,
  AdminListQuery,
  adminListPage,
  pageOf,
  ReviewCounts,
} from '../../site/contract/admin-lists.ts';
import { type Circular, newestCircularsFirst, SiteContent } from '../../site/contract/content.ts';
import { PUBLICATION_LISTS } from '../../site/contract/public-content.ts';
import type { Publication } from '../../site/contract/publication.ts';
import { may } from '../../site/contract/roles.ts';
import { waitingForReview } from '../../site/lib/publication-state.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { sameBodyPerEtag } from '../http/etag.ts';
import { operations } from '../openapi/operation.ts';
import { publicView } from '../store/public-view.ts';
import { contentEtag } from '../workflow/content-writer.ts';
import { CONTENT_ETAG, contributorSees } from './content.ts';

const PARTS = Object.keys(SiteContent.shape) as (keyof SiteContent)[];
const isPublicationList = (key: string): key is (typeof PUBLICATION_LISTS)[number] =>
  (PUBLICATION_LISTS as readonly string[]).includes(key);

const PartsQuery = z.object({
  parts: z.string().meta({ description: `The fields of the content, comma-separated: ${PARTS.join(', ')}.` }),
});

/**
 * The dashboard's reads of the content that do not fetch all of it: each long list a page (or a
 * search) at a time, and the other parts by name. Like GET /api/admin/content, a Contributor sees
 * what is published (or scheduled) and its own items.
 */
export function adminListRoutes(deps: AppDeps) {
  const { stores } = deps;
  const op = operations(deps);
  const routes = new Hono<AdminEnv>();

  /** The items of `key` the account sees, in the order the dashboard shows them. */
  const seen = (key: AdminListKey, account: { role: AdminEnv['Variables']['admin']['role']; _id: string }) => {
    const stored = stores.content.data[key] as readonly Publication[];
    const visible = may(account.role, 'content') ? stored : stored.filter((item) => contributorSees(item, account._id));
    return key === 'circulars' ? newestCircularsFirst(visible as readonly Circular[]) : visible;
  };

  for (const [key, { item, noun, text }] of Object.entries(ADMIN_LISTS) as [
    AdminListKey,
    (typeof ADMIN_LISTS)[AdminListKey],
  ][]) {
    routes.get(
      `/admin/${key}`,
      op({
        tag: 'Lists',
        summary: `A page of the ${noun}, drafts included`,
        description: `The ${noun} as the dashboard lists them${key === 'circulars' ? ' (newest first)' : ''}, a page at a time, searched with \`q\`; each with its state, who wrote it and who last changed it. A Contributor sees what is published (or scheduled) and its own.`,
        permission: 'drafts',
        query: AdminListQuery,
        answers: {
          200: {
            description: 'The page, how many items there are and how many match.',
            schema: adminListPage(item),
            headers: { ETag: CONTENT_ETAG },
          },
        },
      }),
      (c) => {
        const query = AdminListQuery.safeParse(c.req.query());
        if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? 'The query is not valid');
        const page = pageOf(seen(key, c.get('admin')), text as (shown: unknown) => string, query.data);
        sameBodyPerEtag(c);
        return c.json(page, 200, { ETag: contentEtag(stores, stores.content.data), 'Cache-Control': 'no-cache' });
      },
    );
  }

  routes.get(
    '/admin/review-counts',
    op({
      tag: 'Lists',
      summary: 'How many items of each list wait for review',
      description:
        'For the dashboard’s menu (“3 to review”) without reading the lists: of the items the account sees, those sent for review.',
      permission: 'drafts',
      answers: { 200: { description: 'The count for each list.', schema: ReviewCounts } },
    }),
    (c) => {
      const admin = c.get('admin');
      const counts = Object.fromEntries(ADMIN_LIST_KEYS.map((key) => [key, waitingForReview(seen(key, admin))]));
      return c.json(counts, 200, { 'Cache-Control': 'no-cache' });
    },
  );

  routes.get(
    '/admin/content/parts',
    op({
      tag: 'Content',
      summary: 'Some parts of the site content, drafts included',
      description:
        'The fields of the content named in `parts`, as GET /api/admin/content has them: the dashboard reads the settings, pages and messages without the long lists, which it reads a page at a time. An account that writes no content (Office) gets them as GET /api/content has them: what visitors see now.',
      permission: 'signedIn',
      query: PartsQuery,
      answers: {
        200: { description: 'The parts asked for.', schema: SiteContent.partial(), headers: { ETag: CONTENT_ETAG } },
      },
    }),
    (c) => {
      const names = (c.req.query('parts') ?? '').split(',').filter(Boolean);
      const unknown = names.find((name) => !(PARTS as string[]).includes(name));
      if (names.length === 0 || unknown !== undefined) {
        throw new HttpError(400, `parts must name fields of the content (${unknown ?? 'none given'} is not one)`);
      }
      const admin = c.get('admin');
      const asStored = may(admin.role, 'drafts');
      // What visitors see now changes with the time, which the ETag (the document's) does not name.
      if (asStored) sameBodyPerEtag(c);
      const content = asStored ? stores.content.data : publicView(stores);
      const answer: Record<string, unknown> = {};
      for (const name of names) {
        const value = content[name as keyof SiteContent];
        answer[name] =
          isPublicationList(name) && !may(admin.role, 'content')
            ? (value as readonly Publication[]).filter((item) => contributorSees(item, admin._id))
            : value;
      }
      return c.json(answer, 200, { ETag: contentEtag(stores, stores.content.data), 'Cache-Control': 'no-cache' });
    },
  );
  return routes;
}
