import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeUnusedParts } from './content-snapshots.ts';
import type { Redirects } from './page-renderer.ts';
import type { PageHeaders } from './render-pages.ts';

/** What a finished build was made from; kept beside its output as build-info.json. */
export interface BuildInfo {
  /** Fingerprint of the content and the site's code (publish/fingerprint.ts). */
  fingerprint: string;
  builtAt: string;
  durationMs: number;
  /** When it began (older builds have none: builtAt less durationMs); its pages show the lists as of then or later. */
  startedAt?: string;
  /** The hash of the site's code it was rendered with (older builds have none). */
  codeHash?: string;
  /** The site's public address it was rendered for (SITE_URL): canonical links and feeds name it. */
  siteUrl?: string;
  /** The school's date when it was rendered: pages saying what is upcoming hold for that day only. */
  day?: string;
}

export interface BuildFolder {
  dir: string;
  /** The content snapshot the pages are built from (content-snapshots.ts), its parts in BuildFolders' `partsDir`. */
  contentFile: string;
  /** What visitors are served. */
  publicDir: string;
  /** Headers of the rendered pages (publish/render-pages.ts). */
  headersFile: string;
  /** The paths that redirect (publish/render-pages.ts); builds of older versions have none. */
  redirectsFile: string;
  /** Each page's links (publish/render-pages.ts), for carrying it over; builds of older versions have none. */
  linksFile: string;
}

const CURRENT = 'current';
/** The folder of the content snapshots' part files, which the builds share (content-snapshots.ts). */
const CONTENT_PARTS = 'content-parts';

/**
 * The builds under `DATA_DIR/site`: each in a fresh folder of its own, and a `current` symlink,
 * replaced atomically by rename, naming the one that is served.
 */
/** The build that is served, and what it was built from. */
export interface CurrentBuild {
  folder: BuildFolder;
  info: BuildInfo;
}

export class BuildFolders {
  readonly root: string;
  /** Where the builds' content snapshots keep their parts. */
  readonly partsDir: string;

  constructor(root: string) {
    this.root = root;
    this.partsDir = join(root, CONTENT_PARTS);
  }

  async create(): Promise<BuildFolder> {
    const dir = join(this.root, `build-${Date.now()}-${randomUUID().slice(0, 8)}`);
    await mkdir(dir, { recursive: true });
    return folder(dir);
  }

  /** The served build and what it was made from, or null when there is none yet. */
  async current(): Promise<CurrentBuild | null> {
    try {
      const dir = join(this.root, await readlink(join(this.root, CURRENT)));
      const info = JSON.parse(await readFile(join(dir, 'build-info.json'), 'utf8')) as BuildInfo;
      return { folder: folder(dir), info };
    } catch {
      return null;
    }
  }

  /** Records `info` and makes `build` the current one; a crash leaves either the old or the new. */
  async promote(build: BuildFolder, info: BuildInfo): Promise<void> {
    await writeFile(join(build.dir, 'build-info.json'), JSON.stringify(info, null, 2));
    const link = join(this.root, `.${CURRENT}-${randomUUID().slice(0, 8)}`);
    await symlink(build.dir.slice(this.root.length + 1), link);
    await rename(link, join(this.root, CURRENT));
  }

  /** Removes every build folder except the current one and `keep`, and the content parts they do not name. */
  async prune(keep: BuildFolder | null = null): Promise<void> {
    const current = (await this.current())?.folder;
    const kept = [current, keep].filter((build) => build !== undefined && build !== null);
    const keptDirs = new Set(kept.map((build) => build.dir));
    for (const name of await readdir(this.root).catch(() => [])) {
      const dir = join(this.root, name);
      if (name === CURRENT || name === CONTENT_PARTS || keptDirs.has(dir)) continue;
      await rm(dir, { recursive: true, force: true });
    }
    await removeUnusedParts(
      this.partsDir,
      kept.map((build) => build.contentFile),
    );
  }
}

/** A finished build as it is served or mirrored: its files, its pages' headers and its redirects. */
export interface PublishedSite {
  publicDir: string;
  headers: PageHeaders;
  redirects: Redirects;
  /** The site search's index made from it (holding `pagefind/`), once there is one. */
  searchDir?: string;
}

export async function publishedSite(build: BuildFolder): Promise<PublishedSite> {
  const [headers, redirects] = await Promise.all([
    readFile(build.headersFile, 'utf8').then((text) => JSON.parse(text) as PageHeaders),
    // Builds of older versions have no redirects file.
    readFile(build.redirectsFile, 'utf8').then(
      (text) => JSON.parse(text) as Redirects,
      () => ({}),
    ),
  ]);
  return { publicDir: build.publicDir, headers, redirects };
}

function folder(dir: string): BuildFolder {
  return {
    dir,
    contentFile: join(dir, 'content.json'),
    publicDir: join(dir, 'public'),
    headersFile: join(dir, 'page-headers.json'),
    redirectsFile: join(dir, 'redirects.json'),
    linksFile: join(dir, 'page-links.json'),
  };
}
