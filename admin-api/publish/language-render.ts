/**
 * Renders a page in the language of its address, for the published site (render-entry.ts) and
 * `npm run dev` (admin-api/dev/content-middleware.ts) alike: a page of one of the site's other
 * languages (`/hi/gallery`) is the default page (`/gallery`) rendered from the content in that
 * language (`Astro.locals.language`), its links pointing into the language.
 */
import type { SiteContent } from '../../site/contract/content.ts';
import { contentInLanguage } from '../../site/contract/content-language.ts';
import { addressInLanguage, inLanguageLinks, languageOfPath, withoutLanguage } from '../../site/lib/language-paths.ts';

/** What a page renders from, but for the site's address. */
export interface LanguageLocals {
  content: SiteContent;
  language?: string;
}

/** Renders the default-language page at `page` from `locals`. */
export type RenderPage = (page: URL, locals: LanguageLocals) => Promise<Response>;

/** A file's address (`/alerts.json`, `/rss.xml`), not a page's. */
const FILE = /\.[a-z0-9]+$/i;

/** The page at `url`, rendered by `render` from `content` in the language its address is in. */
export async function renderInLanguage(url: URL, content: SiteContent, render: RenderPage): Promise<Response> {
  const { languages } = content.settings;
  const language = languageOfPath(url.pathname, languages);
  if (!language) {
    // Of a site of several languages, a default page carries the default language's texts alone
    // (its islands' props); files beside the pages (/alerts.json) carry the translations.
    const alone = languages.length > 1 && !FILE.test(url.pathname);
    return render(url, { content: alone ? contentInLanguage(content, languages[0]!) : content });
  }
  const page = new URL(withoutLanguage(url.pathname, language) + url.search, url);
  const response = await render(page, { content: contentInLanguage(content, language), language });
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
