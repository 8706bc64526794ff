import { Hono } from 'hono';
import * as z from 'zod';
import { DEFAULT_TIME_ZONE } from '../../site/contract/dates.ts';
import { PAGE_SLUGS, Page, pageInput } from '../../site/contract/pages.ts';
import { VersionField, withoutPrivateSchema } from '../../site/contract/publication.ts';
import { allInLanguage } from '../../site/contract/translations.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { readJsonBody, validate } from '../http/json-body.ts';
import { LanguageQuery, requestedLanguage } from '../http/language-query.ts';
import { oneOf } from '../http/path-params.ts';
import { operations } from '../openapi/operation.ts';
import { publicView } from '../store/public-view.ts';
import { contentWriter } from '../workflow/content-writer.ts';
import { editedItem, withStatus } from '../workflow/publication-rules.ts';
import { refuseStale, sentVersion } from '../workflow/versions.ts';
import { statusChange, withVersion } from './list-routes.ts';

const NO_SUCH_PAGE = `There is no such page (one of ${PAGE_SLUGS.join(', ')})`;

/** A page as visitors get it: its public text, without who wrote or changed it. */
const PublicPage = withoutPrivateSchema(Page).omit({ live: true });

/**
 * The school's own pages (admissions, privacy…): anyone reads them as they are public now;
 * Administrators and Editors write them, publish them at once or later, or keep a new text as a
 * draft while visitors read the one before. A save from an older version is refused (412).
 */
export function pageRoutes(deps: AppDeps) {
  const op = operations(deps);
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
  const saved = { 200: { description: 'The page as stored.', schema: Page } };
  const refusals = {
    404: `The slug is not one of ${PAGE_SLUGS.join(', ')}: “${NO_SUCH_PAGE}”.`,
    412: 'The page changed since the `version` sent (or `If-Match`): nothing was saved; the answer says who changed it and when, and holds it as it is now (`current`).',
  };
  return new Hono<AdminEnv>()
    .get(
      '/pages',
      op({
        tag: 'Pages',
        summary: 'The pages',
        description: `Every page (${PAGE_SLUGS.join(', ')}), in this order, as visitors read it now: while a new text waits (a draft, a review, a time to go live), the text it had when it was last public.`,
        query: LanguageQuery,
        answers: { 200: { description: 'The pages visitors read.', schema: z.array(PublicPage) } },
      }),
      (c) => {
        const language = requestedLanguage(c, deps.stores.content.data.settings.languages);
        return c.json(allInLanguage(publicView(deps.stores).pages, language));
      },
    )
    .put(
      '/pages/:slug',
      op({
        tag: 'Pages',
        summary: 'Change a page',
        description:
          'The title and the Markdown text. Published at once unless `status` or `publishAt` (a time in the school’s time zone) says otherwise; visitors keep reading the text before until it is. Send the `version` it started from (or `If-Match`) so that a change made meanwhile is not overwritten.',
        permission: 'content',
        body: withVersion(pageInput(DEFAULT_TIME_ZONE)),
        example: {
          title: 'Admissions',
          body: '## Admissions for 2027–28\n\nApplication forms are available at the school office from 1 December.',
          status: 'published',
          publishAt: '2026-12-01T09:00',
        },
        answers: saved,
        refusals: {
          ...refusals,
          400: 'The request is not valid (the message says why), or a document the text links was not uploaded.',
        },
      }),
      async (c) => {
        const slug = oneOf(PAGE_SLUGS, c.req.param('slug') ?? '', NO_SUCH_PAGE);
        const raw = await readJsonBody(c);
        const { title, body, translations, ...requested } = validate(pageInput(timeZone()), raw);
        const version = sentVersion(c, validate(VersionField, raw));
        const actor = c.get('admin');
        return c.json(
          await changePage(slug, version, (stored) => {
            const texts = { ...stored, title, body, ...(translations !== undefined && { translations }) };
            return editedItem(texts, requested, stored, actor);
          }),
        );
      },
    )
    .put(
      '/pages/:slug/status',
      op({
        tag: 'Pages',
        summary: 'Change the state of a page',
        description:
          'Publish it (now, or at `publishAt`, a time in the school’s time zone), send it for review or back with a `note`, or make it a draft again. Send the `version` it started from (or `If-Match`) so that a change made meanwhile is not overwritten.',
        permission: 'content',
        body: withVersion(statusChange(DEFAULT_TIME_ZONE)),
        example: { status: 'published', publishAt: null },
        answers: saved,
        refusals,
      }),
      async (c) => {
        const slug = oneOf(PAGE_SLUGS, c.req.param('slug') ?? '', NO_SUCH_PAGE);
        const raw = await readJsonBody(c);
        const change = validate(statusChange(timeZone()), raw);
        const version = sentVersion(c, validate(VersionField, raw));
        const actor = c.get('admin');
        return c.json(await changePage(slug, version, (stored) => withStatus(stored, change, actor)));
      },
    );
}
