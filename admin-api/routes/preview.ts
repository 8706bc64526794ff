import { type Context, Hono } from 'hono';
import * as z from 'zod';
import { PreviewLink, PreviewQuery } from '../../site/contract/api.ts';
import { PREVIEW_KINDS, type PreviewKind, previewContent } from '../../site/contract/public-content.ts';
import type { Publication } from '../../site/contract/publication.ts';
import { may, PERMISSIONS, refusal, rolesText } from '../../site/contract/roles.ts';
import type { AppDeps } from '../app-deps.ts';
import { type AdminEnv, authenticate, SIGNED_OUT } from '../auth/require-admin.ts';
import { signPreviewToken, verifyPreviewToken } from '../auth/tokens.ts';
import { HttpError } from '../http/errors.ts';
import { oneOf } from '../http/path-params.ts';
import { operations } from '../openapi/operation.ts';
import type { AdminAccount } from '../store/admin-accounts.ts';

const NOTHING_TO_PREVIEW = 'There is nothing to preview here (it may have been deleted)';

/**
 * A draft as the public page will show it, rendered with the site's layout from the content as it
 * would be were the item published now (a page: at its own address; an item: its card and full
 * text, site/pages/preview/). Never cached, never indexed, only for those who may see the draft:
 *
 * - GET /api/admin/preview/{kind}/{id} with the token as `Authorization: Bearer`, or with
 *   `?t=` a preview token for that draft alone (a frame cannot send a header);
 * - GET /api/admin/preview-link/{kind}/{id} → `{ url }`: that address with such a token, valid
 *   for ten minutes, which the dashboard shows in a frame.
 *
 * A Contributor previews its own items and what is published; pages are the Editors'.
 */
export function previewRoutes(deps: AppDeps) {
  const { stores, jwtSecret } = deps;
  const op = operations(deps);
  const notYours =
    'The account may not see it: only Administrator, Editor or Contributor accounts preview, and a Contributor only what is published and its own drafts, never a page.';
  const unknownKind = `The kind is not one of ${PREVIEW_KINDS.join(', ')}`;
  const kinds = `\`kind\` is one of ${PREVIEW_KINDS.join(', ')}; \`id\` is the item's id, or a page's slug.`;
  const targetOf = (c: Context) => {
    const kind = oneOf(PREVIEW_KINDS, c.req.param('kind') ?? '', `One can preview only ${PREVIEW_KINDS.join(', ')}`);
    return { kind, id: c.req.param('id') ?? '' };
  };

  const params = {
    kind: { description: 'What is previewed.', schema: z.enum(PREVIEW_KINDS) },
    id: { description: 'The item’s id, or a page’s slug.', schema: z.string() },
  };
  return new Hono<AdminEnv>()
    .get(
      '/admin/preview-link/:kind/:id',
      op({
        tag: 'Publishing',
        summary: 'A link to preview a draft',
        description: `The preview's address with a token for it alone, valid for ten minutes: a frame can show it without sending a token. ${kinds}`,
        permission: 'drafts',
        params,
        answers: { 200: { description: 'The address of the preview.', schema: PreviewLink } },
        refusals: { 403: notYours, 404: `${unknownKind}.` },
      }),
      (c) => {
        const { kind, id } = targetOf(c);
        const admin = c.get('admin');
        mayPreview(admin, kind, id, stores.content.data);
        const token = signPreviewToken(jwtSecret, admin._id, `${kind}/${id}`);
        return c.json({ url: `/api/admin/preview/${kind}/${encodeURIComponent(id)}?t=${token}` } satisfies PreviewLink);
      },
    )
    .get(
      '/admin/preview/:kind/:id',
      // The route checks the account itself: a preview link's `?t=` stands for the token.
      op({
        tag: 'Publishing',
        summary: 'Preview a draft',
        description: `The page as the public site will show it, were the item published now; never cached, never indexed. ${kinds}`,
        access: `Needs the token of an ${rolesText(PERMISSIONS.drafts.roles)} account, or instead of \`Authorization\` the \`?t=\` of a preview link (GET /api/admin/preview-link/{kind}/{id}).`,
        params,
        query: PreviewQuery,
        answers: {
          200: { description: 'The page, its scripts left out (it is shown, not run).', media: 'text/html' },
        },
        refusals: {
          401: 'No token and no valid `?t=`, or one that has expired or was ended by a password change.',
          403: notYours,
          404: `${unknownKind}, or nothing of that id is there to preview (it may have been deleted).`,
        },
      }),
      async (c) => {
        const { kind, id } = targetOf(c);
        const admin = authenticate(c, jwtSecret, stores.admins) ?? linkAccount(c, `${kind}/${id}`);
        if (!admin) throw new HttpError(401, SIGNED_OUT);
        if (!may(admin.role, 'drafts')) throw new HttpError(403, refusal('drafts'));
        const content = stores.content.data;
        mayPreview(admin, kind, id, content);
        const view = previewContent(content, kind, id, new Date());
        const page =
          view && (await deps.publisher.preview?.(view, kind === 'pages' ? `/${id}` : `/preview/${kind}/${id}`));
        if (!page) throw new HttpError(404, NOTHING_TO_PREVIEW);
        const policy = page.headers['content-security-policy'];
        if (policy) c.set('pagePolicy', policy);
        // Shown, not run: the dashboard frames it in a sandbox, where its scripts would only be refused.
        const html = page.html
          .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
          .replace('<head>', '<head><meta name="robots" content="noindex">');
        return c.html(html, 200, {
          'Cache-Control': 'no-store',
          'X-Robots-Tag': 'noindex',
        });
      },
    );

  /** The account a preview link was made for, while it exists and its password is unchanged. */
  function linkAccount(c: Context, target: string): AdminAccount | null {
    const token = c.req.query('t');
    const claims = token ? verifyPreviewToken(jwtSecret, token, target) : null;
    const account = claims && stores.admins.data.admins.find((candidate) => candidate._id === claims.sub);
    if (!account || claims.iat * 1000 < Date.parse(account.passwordChangedAt)) return null;
    return account;
  }
}

/** Refuses (403) a preview the account may not see: a page, or another's draft, for a Contributor. */
function mayPreview(admin: AdminAccount, kind: PreviewKind, id: string, content: AppDeps['stores']['content']['data']) {
  if (may(admin.role, 'content')) return;
  if (kind === 'pages') throw new HttpError(403, refusal('content'));
  const item = (content[kind] as readonly (Publication & { _id: string })[]).find((one) => one._id === id);
  if (item && item.status !== 'published' && item.author?.id !== admin._id) {
    throw new HttpError(403, 'A Contributor can preview only their own drafts.');
  }
}
