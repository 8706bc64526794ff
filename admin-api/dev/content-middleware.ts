/**
 * Under `npm run dev` only: hands every page the content as it is in `DATA_DIR` now, read afresh
 * per request, so an edit in the dashboard shows on the next reload (see dev-integration.ts), in
 * the language of the page's address as the published site does (publish/language-render.ts).
 */
import { readFile } from 'node:fs/promises';
import { defineMiddleware } from 'astro/middleware';
import { SiteContent } from '../../site/contract/content.ts';
import { publicContent } from '../../site/contract/public-content.ts';
import { readConfig } from '../config.ts';
import { renderInLanguage } from '../publish/language-render.ts';
import { defaultContent } from '../store/default-content.ts';
import { contentFile } from '../store/stores.ts';

const config = readConfig();
const file = contentFile(config.dataDir);

export const onRequest = defineMiddleware(async (context, next) => {
  // The API server beside the dev server writes this file, validated and whole (store/); one
  // written by an older version lacks the fields added since until its next change. Pages get
  // what visitors may see: no draft, nothing before its time.
  const stored = SiteContent.parse({ ...defaultContent(), ...JSON.parse(await readFile(file, 'utf8')) });
  context.locals.siteUrl ??= config.siteUrl;
  if (context.locals.content) return next();
  return renderInLanguage(context.url, publicContent(stored, new Date()), (page, locals) => {
    Object.assign(context.locals, locals);
    return page.href === context.url.href ? next() : next(page.pathname + page.search);
  });
});
