/**
 * Where each language's pages are: the default language (the first of `settings.languages`) keeps
 * the site's addresses, every other language has the same pages under `/<tag>` (`/hi`,
 * `/hi/eventsnews`). A page of a language is the default page rendered from the content in that
 * language, its links pointing into the language (`inLanguageLinks`).
 */

/** A page's address as the site names it: no trailing `/` but for the home page's. */
export const pagePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/');

/** The language a page's address is in, when not the default: its first segment, one of `languages`. */
export function languageOfPath(path: string, languages: readonly string[]): string | null {
  const first = path.split('/')[1] ?? '';
  return first !== '' && languages.indexOf(first) > 0 ? first : null;
}

/** `/hi/gallery` → `/gallery`, `/hi` → `/`: the default language's address of a page. */
export function withoutLanguage(path: string, language: string): string {
  return path.slice(language.length + 1) || '/';
}

/** The address of the page at `path` (a default-language address) in `language`. */
export function pathInLanguage(path: string, language: string, languages: readonly string[]): string {
  if (languages.indexOf(language) <= 0) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/** The default-language address of any page's address (`/hi/gallery` → `/gallery`). */
export function defaultPath(path: string, languages: readonly string[]): string {
  const language = languageOfPath(path, languages);
  return language ? withoutLanguage(path, language) : path;
}

/** Same-site addresses that are no page of a language: files, the API, the dashboard, assets. */
const NOT_A_PAGE =
  /^\/(?:api|admin|images|documents|pagefind|_astro|preview)(?:[/?#]|$)|^\/[^?#]*\.[a-z0-9]+(?:[?#]|$)|^\/\//i;

/** A same-site address in `language`: a page's moves into the language; a file's, the API's stay. */
export function addressInLanguage(address: string, language: string, languages: readonly string[]): string {
  if (NOT_A_PAGE.test(address) || languageOfPath(address, languages)) return address;
  return pathInLanguage(address, language, languages);
}

/**
 * `html` with its links to the site's pages pointing into `language` (`href="/gallery"` →
 * `href="/hi/gallery"`); links that name a language themselves (`hreflang`: the switcher, the
 * alternates) and links to files or the API stay as they are.
 */
export function inLanguageLinks(html: string, language: string, languages: readonly string[]): string {
  return html.replace(/<(a|link|form)\b[^>]*>/g, (tag) => {
    if (/\shreflang=/.test(tag)) return tag;
    return tag.replace(
      /\s(href|action)="(\/[^"]*)"/g,
      (_attribute, name: string, address: string) => ` ${name}="${addressInLanguage(address, language, languages)}"`,
    );
  });
}
