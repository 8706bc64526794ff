import { Hono } from 'hono';
import { PAGE_SLUGS, type Page, pageInput } from '../../site/contract/pages.ts';
import { VersionField } from '../../site/contract/publication.ts';
import type { AppDeps } from '../app-deps.ts';
import { type AdminEnv, permissions } from '../auth/require-admin.ts';
import { readJsonBody, validate } from '../http/json-body.ts';
import { oneOf } from '../http/path-params.ts';
import { contentWriter } from '../store/content-writer.ts';
import { publicView } from '../store/public-view.ts';
import { editedItem, withStatus } from '../workflow/publication-rules.ts';
import { refuseStale, sentVersion } from '../workflow/versions.ts';
import { statusChange } from './list-routes.ts';

const NO_SUCH_PAGE = `There is no such page (one of ${PAGE_SLUGS.join(', ')})`;

/**
 * The school's own pages (admissions, privacy…): anyone reads them as they are public now;
 * Administrators and Editors write them, publish them at once or later, or keep a new text as a
 * draft while visitors read the one before. A save from an older version is refused (412).
 */
export function pageRoutes(deps: AppDeps) {
  const allow = permissions(deps);
  const write = contentWriter(deps);
  const timeZone = () => deps.stores.content.data.settings.timeZone;
  /** Changes the page `slug` in turn with every other write, once it is the version sent. */
  const changePage = async (slug: string, version: string | undefined, change: (page: Page) => Page) => {
    const saved = await write((draft) => {
      const index = draft.pages.findIndex((page) => page.slug === slug);
      const stored = deps.stores.content.data.pages[index]!;
      refuseStale(stored, version, 'this page', timeZone());
      draft.pages[index] = change(stored);
    });
    return saved.pages.find((page) => page.slug === slug);
  };
  return new Hono<AdminEnv>()
    .get('/pages', (c) => c.json(publicView(deps.stores).pages))
    .put('/pages/:slug', allow('content'), async (c) => {
      const slug = oneOf(PAGE_SLUGS, c.req.param('slug') ?? '', NO_SUCH_PAGE);
      const raw = await readJsonBody(c);
      const { title, body, ...requested } = validate(pageInput(timeZone()), raw);
      const version = sentVersion(c, validate(VersionField, raw));
      const actor = c.get('admin');
      return c.json(
        await changePage(slug, version, (stored) => editedItem({ ...stored, title, body }, requested, stored, actor)),
      );
    })
    .put('/pages/:slug/status', allow('content'), async (c) => {
      const slug = oneOf(PAGE_SLUGS, c.req.param('slug') ?? '', NO_SUCH_PAGE);
      const raw = await readJsonBody(c);
      const change = validate(statusChange(timeZone()), raw);
      const version = sentVersion(c, validate(VersionField, raw));
      const actor = c.get('admin');
      return c.json(await changePage(slug, version, (stored) => withStatus(stored, change, actor)));
    });
}
