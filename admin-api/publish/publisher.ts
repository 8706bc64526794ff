import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildStatus } from '../../site/contract/api.ts';
import type { ContentStore } from '../store/stores.ts';
import { type BuildFolder, BuildFolders } from './build-folders.ts';
import { buildFingerprint, codeFingerprint } from './fingerprint.ts';
import { RebuildScheduler } from './rebuild-scheduler.ts';
import type { PageHeaders, Redirects, RenderedSite } from './render-pages.ts';
import { SiteRenderer } from './site-renderer.ts';
import { type SiteSnapshot, SnapshotLoader } from './static-site.ts';

export interface PublisherOptions {
  /** The project root, where astro.config.mjs is. */
  root: string;
  dataDir: string;
  uploadsDir: string;
  content: ContentStore;
  /** The site's public address (SITE_URL); `http://localhost` when not given. */
  siteUrl?: string;
  /** Renders the site; the publishing process unless a test passes its own. */
  builder?: SiteBuilder;
}

export interface SiteBuilder {
  /** Writes the site for `contentFile` into `outDir`; answers its pages' headers and its redirects. */
  render(contentFile: string, outDir: string): Promise<RenderedSite>;
  close(): Promise<void>;
}

/**
 * Keeps the public site in step with the content: every committed change schedules a rebuild
 * into a fresh folder, and a finished build replaces the served site in one step.
 */
export class Publisher {
  #content: ContentStore;
  #folders: BuildFolders;
  #builder: SiteBuilder;
  #loader = new SnapshotLoader();
  #codeHash: string;
  #siteUrl: string;
  #snapshot: SiteSnapshot | null = null;
  #unsubscribe: () => void;
  readonly scheduler: RebuildScheduler;

  private constructor(options: PublisherOptions, codeHash: string) {
    const siteDir = join(options.dataDir, 'site');
    this.#content = options.content;
    this.#codeHash = codeHash;
    this.#siteUrl = options.siteUrl ?? 'http://localhost';
    this.#folders = new BuildFolders(siteDir);
    this.#builder =
      options.builder ??
      new SiteRenderer({
        root: options.root,
        // One compiled site per version of the code, shared by servers beside this one.
        appDir: join(options.root, 'dist', `app-${codeHash.slice(0, 16)}`),
        uploadsDir: options.uploadsDir,
        siteUrl: this.#siteUrl,
      });
    this.scheduler = new RebuildScheduler(
      () => this.#buildAndSwap(),
      () => this.#content.revision,
    );
    this.#unsubscribe = this.#content.onCommit(() => this.scheduler.schedule());
  }

  /**
   * Serves the last build when it was made from the current content and code. Otherwise a stale
   * build is served while a new one runs, and without any build the site is built first.
   */
  static async open(options: PublisherOptions): Promise<Publisher> {
    const publisher = new Publisher(options, await codeFingerprint(options.root));
    await publisher.#start();
    return publisher;
  }

  /** The site visitors are served, or null before the first build. */
  get snapshot(): SiteSnapshot | null {
    return this.#snapshot;
  }

  get status(): BuildStatus {
    return this.scheduler.status;
  }

  /** Stops rebuilding; a build that runs is abandoned and its folder removed on the next start. */
  async close(): Promise<void> {
    this.#unsubscribe();
    await this.#builder.close();
  }

  async #start() {
    await this.#folders.prune();
    const current = await this.#folders.current();
    if (current) {
      this.#snapshot = await this.#load(current.folder);
      if (current.info.fingerprint === this.#fingerprint(JSON.stringify(this.#content.data))) {
        this.scheduler.markLive(this.#content.revision);
        return;
      }
    }
    this.scheduler.buildNow();
    if (!current) await this.scheduler.idle();
    if (!this.#snapshot) throw new Error(`The site could not be built: ${this.scheduler.status.error}`);
  }

  async #load(folder: BuildFolder): Promise<SiteSnapshot> {
    const headers = JSON.parse(await readFile(folder.headersFile, 'utf8')) as PageHeaders;
    const redirects = JSON.parse(await readFile(folder.redirectsFile, 'utf8').catch(() => '{}')) as Redirects;
    return this.#loader.load(folder.publicDir, headers, redirects);
  }

  #fingerprint(contentJson: string) {
    // The pages name the site's address: a new SITE_URL needs a new build.
    return buildFingerprint(this.#codeHash, `${this.#siteUrl}\0${contentJson}`);
  }

  async #buildAndSwap() {
    const contentJson = JSON.stringify(this.#content.data);
    const started = Date.now();
    const folder = await this.#folders.create();
    try {
      await writeFile(folder.contentFile, contentJson);
      const { headers, redirects } = await this.#builder.render(folder.contentFile, folder.publicDir);
      await writeFile(folder.headersFile, JSON.stringify(headers));
      await writeFile(folder.redirectsFile, JSON.stringify(redirects));
      const snapshot = await this.#load(folder);
      if (!snapshot.files.has('/index.html')) throw new Error('The build produced no home page');
      await this.#folders.promote(folder, {
        fingerprint: this.#fingerprint(contentJson),
        builtAt: new Date().toISOString(),
        durationMs: Date.now() - started,
      });
      this.#snapshot = snapshot;
    } catch (error) {
      await rm(folder.dir, { recursive: true, force: true });
      throw error;
    }
    await this.#folders.prune();
  }
}
