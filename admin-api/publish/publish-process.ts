/**
 * A child process that keeps the compiled site loaded and publishes on request, away from the
 * server's event loop: it compiles the site with Astro when its code has no compiled version yet,
 * then renders the public pages from a content snapshot into an output folder.
 *
 * Node imports the compiled server entry from inside the project (it needs the project's
 * node_modules), so compiling goes to a private staging folder under `dist/` first, which is then
 * renamed into place; a server beside this one compiling the same code simply finds it done.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PreviousBuild } from './carry-over.ts';
import { loadRenderer, type RenderedPage, renderOnePage } from './page-renderer.ts';
import { completeSite, type RecordFiles, type RenderedSite, renderShifted, renderSite } from './render-pages.ts';

export type RendererRequest = PublishRequest | ShiftedRequest | CompleteRequest | PageRequest | WarmRequest;

/** Loads the compiled site (compiling it first if need be), so the first edit after a start does not wait for it. */
export interface WarmRequest {
  kind: 'warm';
  id: number;
  appDir: string;
}

/** Renders one page from a content value given with the request (a preview), writing nothing. */
export interface PageRequest {
  kind: 'page';
  id: number;
  appDir: string;
  /** The content, as JSON. */
  content: string;
  path: string;
  siteUrl: string;
}

export interface PublishRequest {
  kind: 'site';
  id: number;
  /** The compiled site for the current code, e.g. `dist/app-<code hash>`. */
  appDir: string;
  /** The content snapshot (content-snapshots.ts). */
  contentFile: string;
  outDir: string;
  /** The build whose untouched pages may be carried over; none for a full render. */
  previous?: PreviousBuild;
  /** The site's public address (SITE_URL). */
  siteUrl: string;
}
/** Renders the pages the build just rendered into `publicDir` left for later (render-pages.ts `renderShifted`). */
export interface ShiftedRequest {
  kind: 'shifted';
  id: number;
  publicDir: string;
}
/**
 * Makes the build just rendered into `site.publicDir` whole (render-pages.ts `completeSite`): asked
 * once it is served, so the visitor does not wait for the links of a few hundred pages.
 */
export interface CompleteRequest {
  kind: 'complete';
  id: number;
  site: RecordFiles;
}

export type PublishReply =
  | { id: number; ok: true; site: RenderedSite }
  | { id: number; ok: true; complete: true }
  | { id: number; ok: true; page: RenderedPage | null }
  | { id: number; ok: true; warm: true }
  | { id: number; ok: false; error: string };

const root = process.cwd();
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// Without the server there is nobody to publish for.
process.on('disconnect', () => process.exit(0));

process.on('message', async (request: RendererRequest) => {
  let reply: PublishReply;
  try {
    reply = await answer(request);
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(reply);
});

async function answer(request: RendererRequest): Promise<PublishReply> {
  if (request.kind === 'complete') {
    await completeSite(request.site);
    return { id: request.id, ok: true, complete: true };
  }
  if (request.kind === 'shifted') return { id: request.id, ok: true, site: await renderShifted(request.publicDir) };
  await ensureCompiled(request.appDir);
  if (request.kind === 'warm') {
    await loadRenderer(request.appDir);
    return { id: request.id, ok: true, warm: true };
  }
  if (request.kind === 'page') {
    const page = await renderOnePage(request.appDir, JSON.parse(request.content), request.path, request.siteUrl);
    return { id: request.id, ok: true, page };
  }
  const { appDir, contentFile, outDir, siteUrl, previous } = request;
  return { id: request.id, ok: true, site: await renderSite(appDir, contentFile, outDir, { siteUrl, previous }) };
}

async function ensureCompiled(appDir: string) {
  if (existsSync(join(appDir, 'server', 'entry.mjs'))) return;
  const staging = join(dirname(appDir), `.staging-${process.pid}-${Date.now()}`);
  // Loaded only to compile: Astro takes a second of CPU to load, which a renderer starting on
  // compiled code (every start but the first of a version) does not pay.
  const { build } = await import('astro');
  try {
    await build({
      root,
      outDir: staging,
      cacheDir: join(staging, '.cache'),
      logLevel: 'error',
      mode: 'production',
    });
    await rm(join(staging, '.cache'), { recursive: true, force: true });
    await rename(staging, appDir).catch((error: NodeJS.ErrnoException) => {
      // Another server compiled the same code first: theirs is as good as ours.
      if (!existsSync(join(appDir, 'server', 'entry.mjs'))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  await removeOldVersions(appDir);
}

const A_DAY = 24 * 60 * 60 * 1000;

/** Compiled versions of older code, once no server can still be running them (a day). */
async function removeOldVersions(current: string) {
  const distDir = dirname(current);
  for (const name of await readdir(distDir)) {
    const dir = join(distDir, name);
    if (!name.startsWith('app-') || dir === current) continue;
    if (Date.now() - (await stat(dir)).mtimeMs > A_DAY) await rm(dir, { recursive: true, force: true });
  }
}

/** Staging folders of publishing processes that were killed while compiling. */
async function removeAbandonedStaging(distDir: string) {
  for (const name of await readdir(distDir).catch(() => [])) {
    const pid = Number(/^\.staging-(\d+)-/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) await rm(join(distDir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

await mkdir(join(root, 'dist'), { recursive: true });
await removeAbandonedStaging(join(root, 'dist'));
