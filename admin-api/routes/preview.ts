import { Hono } from 'hono';
import { PREVIEW_KINDS, previewContent } from '../../site/contract/public-content.ts';
import type { Publication } from '../../site/contract/publication.ts';
import { may, refusal } from '../../site/contract/roles.ts';
import type { AppDeps } from '../app-deps.ts';
import { type AdminEnv, permissions } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { oneOf } from '../http/path-params.ts';

const NOTHING_TO_PREVIEW = 'There is nothing to preview here (it may have been deleted)';

/**
 * GET /api/admin/preview/{kind}/{id}: a draft as the public page will show it, rendered with the
 * site's layout from the content as it would be were the item published now (a page: its own
 * address; an item: its card and full text, site/pages/preview/). Only with a token, never
 * cached, never indexed. A Contributor previews its own items and what is published.
 */
export function previewRoutes(deps: AppDeps) {
  const allow = permissions(deps);
  return new Hono<AdminEnv>().get('/admin/preview/:kind/:id', allow('drafts'), async (c) => {
    const kind = oneOf(PREVIEW_KINDS, c.req.param('kind'), `One can preview only ${PREVIEW_KINDS.join(', ')}`);
    const id = c.req.param('id');
    const admin = c.get('admin');
    const content = deps.stores.content.data;
    if (kind === 'pages' && !may(admin.role, 'content')) throw new HttpError(403, refusal('content'));
    if (kind !== 'pages' && !may(admin.role, 'content')) {
      const item = (content[kind] as readonly (Publication & { _id: string })[]).find((one) => one._id === id);
      if (item && item.status !== 'published' && item.author?.id !== admin._id) {
        throw new HttpError(403, 'A Contributor can preview only their own drafts.');
      }
    }
    const view = previewContent(content, kind, id, new Date());
    const html = view && (await deps.publisher.preview?.(view, kind === 'pages' ? `/${id}` : `/preview/${kind}/${id}`));
    if (!html) throw new HttpError(404, NOTHING_TO_PREVIEW);
    return c.html(html.replace('<head>', '<head><meta name="robots" content="noindex">'), 200, {
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    });
  });
}
