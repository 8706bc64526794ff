/** The compiled site's server entry: renders one page per request (see render-adapter.ts). */
import { createApp } from 'astro/app/entrypoint';
import type { SiteContent } from '../../site/contract/content.ts';
import { contentInLanguage } from '../../site/contract/content-language.ts';
import { addressInLanguage, inLanguageLinks, languageOfPath, withoutLanguage } from '../../site/lib/language-paths.ts';

const app = createApp({ streaming: false });
/** A file's address (`/alerts.json`, `/rss.xml`), not a page's. */
const FILE = /\.[a-z0-9]+$/i;

/**
 * Renders the page `request` asks for from `content`, which the pages read as `Astro.locals.content`;
 * `siteUrl` is the site's public address (`Astro.locals.siteUrl`). A page of one of the site's other
 * languages (`/hi/gallery`) is the default page (`/gallery`) rendered from the content in that
 * language (`Astro.locals.language`), its links pointing into the language.
 */
export async function render(request: Request, content: SiteContent, siteUrl: string): Promise<Response> {
  const url = new URL(request.url);
  const { languages } = content.settings;
  const language = languageOfPath(url.pathname, languages);
  if (!language) {
    // Of a site of several languages, a default page carries the default language's texts alone
    // (its islands' props); files beside the pages (/alerts.json) carry the translations.
    const alone = languages.length > 1 && !FILE.test(url.pathname);
    return app.render(request, {
      locals: { content: alone ? contentInLanguage(content, languages[0]!) : content, siteUrl },
    });
  }
  const page = new URL(withoutLanguage(url.pathname, language) + url.search, url);
  const locals = { content: contentInLanguage(content, language), siteUrl, language };
  const response = await app.render(new Request(page, request), { locals });
  const location = response.headers.get('location');
  if (location?.startsWith('/')) {
    // A moved page moves within its language.
    const headers = { location: addressInLanguage(location, language, languages) };
    return new Response(null, { status: response.status, headers });
  }
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = inLanguageLinks(await response.text(), language, languages);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, headers });
}
