/** The compiled site's server entry: renders one page per request (see render-adapter.ts). */
import { createApp } from 'astro/app/entrypoint';
import type { SiteContent } from '../../site/contract/content.ts';
import { renderInLanguage } from './language-render.ts';

const app = createApp({ streaming: false });

/**
 * Renders the page `request` asks for from `content`, which the pages read as `Astro.locals.content`,
 * in the language of its address (language-render.ts); `siteUrl` is the site's public address
 * (`Astro.locals.siteUrl`).
 */
export function render(request: Request, content: SiteContent, siteUrl: string): Promise<Response> {
  return renderInLanguage(new URL(request.url), content, (page, locals) =>
    app.render(new Request(page, request), { locals: { ...locals, siteUrl } }),
  );
}
