/**
 * What is wrong with the language markup of a site's pages (issue 34): each page's `<html lang>`
 * is its language's, `dir="rtl"` only where that language is written right to left, its canonical
 * address is itself, and its alternates name its copy in every language and `x-default`, each an
 * address of the pages given (so the alternates are reciprocal: every copy names every other).
 */
import { isRightToLeft } from '../../site/contract/languages.ts';
import { defaultPath, languageOfPath, pathInLanguage } from '../../site/lib/language-paths.ts';

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

/** The `<link rel="alternate" hreflang>` of a page, by language. */
export const alternatesOf = (html: string) =>
  Object.fromEntries(
    Array.from(html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g), (m) => [m[1]!, m[2]!]),
  );

const sorted = (links: Record<string, string>) => JSON.stringify(Object.entries(links).sort());

/** One line per problem of `pages` (path → HTML, redirects left out), named by `origin`'s addresses. */
export function languageProblems(pages: Map<string, string>, origin: string, languages: readonly string[]): string[] {
  const problems: string[] = [];
  const addresses = new Set([...pages.keys()].map((path) => origin + path));
  for (const [path, html] of pages) {
    const language = languageOfPath(path, languages) ?? languages[0]!;
    const page = defaultPath(path, languages);
    const expected: Record<string, string> = {};
    for (const tag of languages) expected[tag] = origin + pathInLanguage(page, tag, languages);
    expected['x-default'] = origin + page;
    const found = {
      lang: attribute(html, /<html[^>]* lang="([^"]+)"/),
      dir: attribute(html, /<html[^>]* dir="([^"]+)"/),
      canonical: attribute(html, /<link rel="canonical" href="([^"]+)"/),
      alternates: sorted(alternatesOf(html)),
    };
    const wanted = {
      lang: language,
      dir: isRightToLeft(language) ? 'rtl' : undefined,
      canonical: origin + path,
      alternates: sorted(expected),
    };
    for (const key of Object.keys(wanted) as (keyof typeof wanted)[]) {
      if (found[key] !== wanted[key]) problems.push(`${path}: ${key} is ${found[key]}, not ${wanted[key]}`);
    }
    const missing = Object.values(expected).filter((address) => !addresses.has(address));
    if (missing.length > 0) problems.push(`${path}: its alternates ${missing.join(', ')} are no page of the site`);
  }
  return problems;
}
