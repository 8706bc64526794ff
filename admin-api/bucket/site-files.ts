/**
 * The files of a published site as they go into a bucket: the build folder's files (each page with
 * its policy in a meta element), a redirect page for each moved page, and the uploads the pages show
 * at their static paths.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withPolicyMeta } from '../build/page-policy.ts';
import { redirectPage } from '../build/redirect-page.ts';
import { aliasedDocumentPaths, referencedUploads, type UploadStores, uploadBody } from '../build/upload-files.ts';
import type { PublishedSite } from '../publish/build-folders.ts';

export interface SiteFile {
  body: Buffer;
  /** sha256 of the body, hex. */
  hash: string;
}

/** The files by path (`/index.html`, `/images/….webp`). */
export type SiteFiles = Map<string, SiteFile>;

export async function collectSiteFiles(site: PublishedSite, stores: UploadStores): Promise<SiteFiles> {
  const files: SiteFiles = new Map();
  const add = (path: string, body: Buffer) => files.set(path, { body, hash: contentHash(path, body) });
  for (const entry of await readdir(site.publicDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const path = file.slice(site.publicDir.length).replaceAll('\\', '/');
    const pageHeaders = site.headers[path];
    const body = await readFile(file);
    add(path, pageHeaders ? Buffer.from(withPolicyMeta(body.toString('utf8'), pageHeaders)) : body);
  }
  for (const [path, redirect] of Object.entries(site.redirects)) {
    const file = `${path === '/' ? '' : path}/index.html`;
    if (!files.has(file)) add(file, Buffer.from(redirectPage(redirect.location)));
  }
  // The search index beside the pages (/pagefind/…), written after them: what the site serves.
  if (site.searchDir) {
    for (const entry of await readdir(site.searchDir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      add(file.slice(site.searchDir.length).replaceAll('\\', '/'), await readFile(file));
    }
  }
  for (const path of new Set([...(await referencedUploads(site.publicDir)), ...aliasedDocumentPaths(stores)])) {
    const body = await uploadBody(path, stores);
    if (body) add(path, body);
  }
  return files;
}

/**
 * A hash of what the file shows, so that a page whose content did not change is not uploaded
 * again. Two things differ on every render without changing the page: Astro numbers the islands
 * anew (`<astro-island uid="…">`, unique within the page only), and the events island is handed
 * the moment of rendering (`builtAt`), from which it moves on to the visitor's clock at once; the
 * day's split into upcoming and past events is in the rest of the page and still counts.
 */
function contentHash(path: string, body: Buffer): string {
  const hash = createHash('sha256');
  if (path.endsWith('.html')) {
    hash.update(
      body
        .toString('utf8')
        .replace(/<astro-island uid="[^"]*"/g, '<astro-island')
        .replace(/(&quot;builtAt&quot;:\[0,&quot;)[^&]*/g, '$1'),
    );
  } else hash.update(body);
  return hash.digest('hex');
}
