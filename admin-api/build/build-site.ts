/**
 * `npm run build`: the complete public site from DATA_DIR and UPLOADS_DIR as plain files, for any
 * static host. The pages come from the publisher's renderer (publish/site-renderer.ts) with their
 * policy in a meta element (page-policy.ts), moved pages become small redirect pages, and the
 * uploads the pages show are written at their static paths.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SiteContent } from '../../site/contract/content.ts';
import { publicContent } from '../../site/contract/public-content.ts';
import { SEARCH_INDEX_PATH } from '../../site/contract/search.ts';
import { DocumentStore } from '../documents/document-store.ts';
import { ImageStore } from '../images/image-store.ts';
import { writeContentSnapshot } from '../publish/content-snapshots.ts';
import { codeFingerprint } from '../publish/fingerprint.ts';
import { DocumentTexts, writeSearchIndex } from '../publish/search-index.ts';
import { SiteRenderer } from '../publish/site-renderer.ts';
import { DamagedDataFileError } from '../store/damaged-file.ts';
import { defaultContent } from '../store/default-content.ts';
import { JsonDocument } from '../store/json-document.ts';
import { contentFile } from '../store/stores.ts';
import { withPolicyMeta } from './page-policy.ts';
import { redirectPage } from './redirect-page.ts';
import { aliasedDocumentPaths, referencedUploads, writeUploads } from './upload-files.ts';

export interface BuildOptions {
  /** The project root, where astro.config.mjs is. */
  root: string;
  dataDir: string;
  uploadsDir: string;
  outDir: string;
  /** The site's public address (SITE_URL), for canonical links, feeds and the sitemap. */
  siteUrl: string;
}

export interface BuildSummary {
  pages: number;
  redirects: number;
  files: number;
  bytes: number;
  durationMs: number;
}

/** A problem with the data a person must fix: reported as one message, without a stack trace. */
export class BuildInputError extends Error {}

export async function buildStaticSite(options: BuildOptions): Promise<BuildSummary> {
  const started = Date.now();
  const content = await readContent(options.dataDir);
  const work = await mkdtemp(join(tmpdir(), 'school-build-'));
  const renderer = new SiteRenderer({
    root: options.root,
    appDir: join(options.root, 'dist', `app-${(await codeFingerprint(options.root)).slice(0, 16)}`),
    uploadsDir: options.uploadsDir,
    siteUrl: options.siteUrl,
  });
  try {
    const snapshot = join(work, 'content.json');
    // What visitors may see now: drafts and items not yet due are in no page, feed or file.
    const now = new Date();
    const view = publicContent(content, now);
    await writeContentSnapshot(snapshot, join(work, 'content-parts'), view, (part) =>
      Buffer.from(JSON.stringify(part)),
    );
    await rm(options.outDir, { recursive: true, force: true });
    await mkdir(options.outDir, { recursive: true });
    const { headers, redirects } = await renderer.render(snapshot, options.outDir);
    for (const [file, pageHeaders] of Object.entries(headers)) {
      const path = join(options.outDir, file);
      await writeFile(path, withPolicyMeta(await readFile(path, 'utf8'), pageHeaders));
    }
    for (const [path, redirect] of Object.entries(redirects)) {
      const file = join(options.outDir, path, 'index.html');
      if (existsSync(file)) continue;
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, redirectPage(redirect.location));
    }
    const documents = new DocumentStore(options.uploadsDir);
    const stores = {
      images: new ImageStore(options.uploadsDir),
      documents,
      documentAliases: () => content.documentAliases,
    };
    const uploads = new Set([...(await referencedUploads(options.outDir)), ...aliasedDocumentPaths(stores)]);
    await writeUploads(options.outDir, uploads, stores);
    // The site search's index of these pages (and the public PDFs), as the server serves it.
    await writeSearchIndex({
      siteDir: options.outDir,
      content: view,
      outputPath: join(options.outDir, SEARCH_INDEX_PATH),
      documents: new DocumentTexts(documents),
      now,
    });
    const { files, bytes, pages } = await countFiles(options.outDir);
    return { pages, redirects: Object.keys(redirects).length, files, bytes, durationMs: Date.now() - started };
  } finally {
    await renderer.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** The content as the server would open it; never created or written here. */
async function readContent(dataDir: string) {
  const file = contentFile(dataDir);
  if (!existsSync(file)) {
    throw new BuildInputError(
      `There is no site content in ${dataDir} (content.json is missing). Set DATA_DIR to the server's data folder, or run npm run seed:demo first.`,
    );
  }
  try {
    return await JsonDocument.read(file, SiteContent, defaultContent);
  } catch (error) {
    if (error instanceof DamagedDataFileError) throw new BuildInputError(`The site cannot be built: ${error.message}`);
    throw error;
  }
}

async function countFiles(dir: string) {
  let files = 0;
  let bytes = 0;
  let pages = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
    if (entry.name.endsWith('.html')) pages++;
  }
  return { files, bytes, pages };
}
