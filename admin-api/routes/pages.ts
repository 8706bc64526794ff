import { Hono } from 'hono';
import { PAGE_SLUGS, PageInput } from '../../site/contract/pages.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { readJson } from '../http/json-body.ts';
import { oneOf } from '../http/path-params.ts';
import { contentWriter } from '../store/content-writer.ts';

const NO_SUCH_PAGE = `There is no such page (one of ${PAGE_SLUGS.join(', ')})`;

/** The school's own pages (admissions, privacy…): anyone reads them; administrators edit them. */
export function pageRoutes(deps: AppDeps) {
  const adminOnly = requireAdmin(deps.jwtSecret, deps.stores.admins);
  const write = contentWriter(deps);
  return new Hono()
    .get('/pages', (c) => c.json(deps.stores.content.data.pages))
    .put('/pages/:slug', adminOnly, async (c) => {
      const slug = oneOf(PAGE_SLUGS, c.req.param('slug') ?? '', NO_SUCH_PAGE);
      const { title, body } = await readJson(c, PageInput);
      const saved = await write((draft) => {
        draft.pages = draft.pages.map((page) => (page.slug === slug ? { slug, title, body } : page));
      });
      return c.json(saved.pages.find((page) => page.slug === slug));
    });
}
