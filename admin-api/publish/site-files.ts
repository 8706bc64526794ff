/**
 * The files beside the pages: the feeds, robots.txt and the web app manifest (Astro endpoints under site/pages/, which
 * no link leads the page crawl to), with each language's own feeds (`/hi/rss.xml`), carried over
 * from the previous build when the change did not touch them, and the sitemap of the public pages
 * publishing wrote.
 */
import { categoryCalendarPaths, FEED_PATHS, languageFeedPaths, sitemapXml } from '../../site/lib/feeds.ts';
import type { CarryOver } from './carry-over.ts';
import type { FileWriter } from './file-writer.ts';

const ORIGIN = 'http://localhost';

/**
 * Renders the feeds (with the calendar of each event category of `categories`) and writes the
 * sitemap of `pageFiles` (`/gallery/index.html`…) with `files`; answers the files written.
 */
export async function writeSiteFiles(
  render: (request: Request) => Promise<Response>,
  files: FileWriter,
  siteUrl: string,
  pageFiles: readonly string[],
  carryOver: CarryOver<unknown> | null,
  languages: readonly string[],
  categories: readonly string[] = [],
): Promise<string[]> {
  const written: string[] = [];
  const paths = [FEED_PATHS.rss, FEED_PATHS.calendar, FEED_PATHS.robots, FEED_PATHS.alerts, FEED_PATHS.manifest];
  const calendars = categoryCalendarPaths(categories);
  for (const path of [...paths, ...calendars, ...languageFeedPaths(languages, categories)]) {
    if (carryOver?.file(path, path)) continue;
    const response = await render(new Request(ORIGIN + path));
    if (!response.ok) throw new Error(`Rendering ${path} failed (${response.status})`);
    written.push(files.write(path, await response.text()));
  }
  written.push(writeSitemap(files, siteUrl, pageFiles, languages));
  return written;
}

/** Writes the sitemap of `pageFiles` with `files`; answers its file. */
export function writeSitemap(
  files: FileWriter,
  siteUrl: string,
  pageFiles: readonly string[],
  languages: readonly string[],
): string {
  return files.write(FEED_PATHS.sitemap, sitemapXml(siteUrl, publicPaths(pageFiles), languages));
}

/** `/index.html` → `/`, `/gallery/index.html` → `/gallery`; not the admin area or the 404 page. */
function publicPaths(pageFiles: readonly string[]): string[] {
  return pageFiles
    .filter((file) => file.endsWith('/index.html'))
    .map((file) => file.slice(0, -'/index.html'.length) || '/')
    .filter((path) => path !== '/admin' && !path.startsWith('/admin/'));
}
