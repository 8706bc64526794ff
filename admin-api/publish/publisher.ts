import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BucketStatus, BuildStatus } from '../../site/contract/api.ts';
import type { SiteContent } from '../../site/contract/content.ts';
import { dateInZone } from '../../site/contract/dates.ts';
import { nextPublicChange, publicContent } from '../../site/contract/public-content.ts';
import { zonedInstant } from '../../site/lib/zoned-time.ts';
import { changedPages } from '../../site/page-dependencies.ts';
import type { ContentStore } from '../store/stores.ts';
import {
  type BuildFolder,
  BuildFolders,
  type BuildInfo,
  type CurrentBuild,
  type PublishedSite,
  publishedSite,
} from './build-folders.ts';
import type { PreviousBuild } from './carry-over.ts';
import { CompressedFiles } from './compressed-files.ts';
import { writeContentSnapshot } from './content-snapshots.ts';
import { buildFingerprint, codeFingerprint } from './fingerprint.ts';
import type { RenderedPage } from './page-renderer.ts';
import { RebuildScheduler } from './rebuild-scheduler.ts';
import type { RecordFiles, RenderedSite } from './render-pages.ts';
import { SearchIndexer, searchIndexRoot } from './search-indexer.ts';
import { indexLanguages } from './search-language-parts.ts';
import { SearchWorker } from './search-worker.ts';
import { SiteRenderer } from './site-renderer.ts';
import { type SiteSnapshot, SnapshotLoader, type StaticFile } from './static-site.ts';

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
  /** Publishes the served site elsewhere too (bucket/bucket-publisher.ts): at start and after each build. */
  mirror?: SiteMirror;
  /** Makes the site search's index after each build (search-indexer.ts); true unless false. */
  searchIndex?: boolean;
}

export interface SiteMirror {
  sync(site: PublishedSite): void;
  readonly status: BucketStatus;
}

export interface SiteBuilder {
  /**
   * Writes the site for the content snapshot `contentFile` (content-snapshots.ts) into `outDir`,
   * except the files the change did not touch, which it takes from `previous` when given; answers
   * its pages' headers, its redirects, the files written and those carried over.
   */
  render(contentFile: string, outDir: string, previous?: PreviousBuild): Promise<RenderedSite>;
  /**
   * Renders the pages the build just rendered into `outDir` left for later (its answer said
   * `shifted`); answers what it wrote, and the rest of the site as carried.
   */
  renderShifted(outDir: string): Promise<RenderedSite>;
  /**
   * Makes the build just rendered into `site.publicDir` whole, once it is served: the files it
   * carried over put in its folder, and its pages' headers, links and redirects written beside it.
   */
  complete(site: RecordFiles): Promise<void>;
  /** One page rendered from `content` (JSON), written nowhere (a preview); null when there is none. */
  renderPage?(content: string, path: string): Promise<RenderedPage | null>;
  close(): Promise<void>;
  /** Gets ready to render (loads the compiled site) before the first request. */
  warm?(): Promise<void>;
}

/**
 * How often the publisher looks whether time has changed what is public: the school's date (what
 * is upcoming, which news is current) or an item whose publishing time has come. A timer set for
 * the next such moment (`#watchNextChange`) renders at the moment itself; this look catches what a
 * timer cannot, such as the system clock set forward.
 */
const CLOCK_WATCH_MS = 15_000;
/** The longest delay `setTimeout` takes (about 24.8 days); a later moment is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Keeps the public site in step with the content: every committed change schedules a rebuild
 * into a fresh folder, and a finished build replaces the served site in one step.
 */
export class Publisher {
  #content: ContentStore;
  #folders: BuildFolders;
  #builder: SiteBuilder;
  #loader: SnapshotLoader;
  #codeHash: string;
  #siteUrl: string;
  #snapshot: SiteSnapshot | null = null;
  /** The site search's index (search-indexer.ts), made after each build is live. */
  #search: SearchIndexer | null;
  #searchWorker: SearchWorker | null;
  #searchLoader: SnapshotLoader;
  /** The files served at /pagefind: the current index's, and the one's before it (see #searchIndexed). */
  #searchFiles = new Map<string, StaticFile>();
  #indexFiles = new Map<string, StaticFile>();
  /** The served build with the search index's files. */
  #served: SiteSnapshot | null = null;
  #unsubscribe: () => void;
  /** Checks now and then whether time has changed what the served build should show. */
  #clockWatch: NodeJS.Timeout;
  /** Set for the next moment time alone changes what the served build should show. */
  #nextChangeTimer: NodeJS.Timeout | undefined;
  /** The school's date when the served build was rendered. */
  #liveDay: string | null = null;
  /** The public content the served build was rendered from (null: not known since the start). */
  #liveView: SiteContent | null = null;
  /**
   * A build failed, maybe after it was served: the next one renders every page, so nothing is
   * carried over from a folder that is not what visitors see.
   */
  #renderAll = false;
  #mirror: SiteMirror | undefined;
  readonly scheduler: RebuildScheduler;

  private constructor(options: PublisherOptions, codeHash: string) {
    const siteDir = join(options.dataDir, 'site');
    this.#content = options.content;
    this.#mirror = options.mirror;
    this.#codeHash = codeHash;
    this.#siteUrl = options.siteUrl ?? 'http://localhost';
    this.#folders = new BuildFolders(siteDir);
    const compressedDir = join(options.dataDir, 'compressed');
    this.#loader = new SnapshotLoader(new CompressedFiles(join(compressedDir, 'site')));
    this.#searchLoader = new SnapshotLoader(new CompressedFiles(join(compressedDir, 'search')));
    this.#builder =
      options.builder ??
      new SiteRenderer({
        root: options.root,
        // One compiled site per version of the code, shared by servers beside this one.
        appDir: join(options.root, 'dist', `app-${codeHash.slice(0, 16)}`),
        uploadsDir: options.uploadsDir,
        siteUrl: this.#siteUrl,
      });
    const worker = options.searchIndex === false ? null : new SearchWorker(options.uploadsDir);
    this.#searchWorker = worker;
    this.#search =
      worker &&
      new SearchIndexer(
        searchIndexRoot(options.dataDir),
        ({ folder, content }, target) =>
          worker.write({
            siteDir: folder.publicDir,
            contentFile: folder.contentFile,
            languages: indexLanguages(content),
            ...target,
          }),
        (dir) => this.#searchIndexed(dir),
      );
    this.scheduler = new RebuildScheduler(
      () => this.#buildAndSwap(),
      () => this.#content.revision,
    );
    this.#unsubscribe = this.#content.onCommit(() => this.scheduler.schedule());
    // After midnight, what is upcoming and what is current news has changed: every page again.
    // When a scheduled item's time comes, the public content changes without any edit.
    this.#clockWatch = setInterval(() => this.#lookAtTheClock(), CLOCK_WATCH_MS);
    this.#clockWatch.unref();
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
    return this.#served;
  }

  get status(): BuildStatus {
    const status = this.#search ? { ...this.scheduler.status, search: this.#search.status } : this.scheduler.status;
    return this.#mirror ? { ...status, bucket: this.#mirror.status } : status;
  }

  /** The page at `path` as `content` would show it, written nowhere: the preview of a draft. */
  async preview(content: SiteContent, path: string): Promise<RenderedPage | null> {
    if (!this.#builder.renderPage) throw new Error('This publisher renders no single pages');
    return this.#builder.renderPage(JSON.stringify(content), path);
  }

  /** Stops rebuilding; a build that runs is abandoned and its folder removed on the next start. */
  async close(): Promise<void> {
    this.#unsubscribe();
    clearInterval(this.#clockWatch);
    clearTimeout(this.#nextChangeTimer);
    await this.#builder.close();
    // The next start indexes the served build if its index is missing: a run at the limit takes a
    // minute, which a stopping server does not wait for.
    const searchStopped = this.#search?.stop();
    await this.#searchWorker?.close();
    await searchStopped;
  }

  async #start() {
    await this.#folders.prune();
    const current = await this.#folders.current();
    const searchDir = await this.#search?.current();
    if (searchDir) this.#searchFiles = this.#indexFiles = (await this.#searchLoader.load(searchDir)).files;
    if (current) {
      this.#serve(await this.#load(current.folder));
      this.#liveDay = current.info.day ?? null;
      const view = this.#publicView();
      // A time to publish that came while the server was stopped makes the last build stale.
      if (current.info.fingerprint === this.#fingerprint(view)) {
        this.#liveView = view;
        this.scheduler.markLive(this.#content.revision);
        // The index may be missing or older than the build (a crash between the two); the
        // bucket gets the build once it is indexed.
        this.#afterLive(current.folder, view);
        // Served from the last build: the renderer loads meanwhile, so the first edit does not wait for it.
        this.#builder.warm?.().catch((error: unknown) => console.error('The renderer could not start:', error));
        return;
      }
    }
    this.scheduler.buildNow();
    if (!current) await this.scheduler.idle();
    if (!this.#snapshot) throw new Error(`The site could not be built: ${this.scheduler.status.error}`);
  }

  /** The finished build in `folder`. */
  async #load(folder: BuildFolder): Promise<SiteSnapshot> {
    const { publicDir, headers, redirects } = await publishedSite(folder);
    return this.#loader.load(publicDir, headers, redirects);
  }

  /** Asks the bucket for `folder` with the served search index; resolves once the sync is asked for. */
  async #mirrorSite(folder: BuildFolder) {
    const mirror = this.#mirror;
    if (!mirror) return;
    const [site, searchDir] = await Promise.all([publishedSite(folder), this.#search?.current()]);
    mirror.sync(searchDir ? { ...site, searchDir } : site);
  }

  /**
   * A build is live: the bucket gets its pages at once (with the index served now), and the build
   * is indexed for the search; the new index follows into the bucket (#searchIndexed).
   */
  #afterLive(folder: BuildFolder, view: SiteContent) {
    this.#mirrorSite(folder).catch((error: unknown) => console.error('Publishing to the bucket failed:', error));
    this.#search?.index({ folder, content: view });
    this.#watchNextChange();
  }

  /** Renders again when time has changed what the served build should show; else waits for the next such moment. */
  #lookAtTheClock() {
    if (this.#liveDay !== null && this.#liveDay !== this.#today()) this.scheduler.buildNow();
    // A build that runs ends by watching again.
    else if (this.scheduler.status.live) {
      if (this.#liveView !== this.#publicView()) this.scheduler.buildNow();
      else this.#watchNextChange();
    }
  }

  /**
   * Sets the timer for the next moment the served build goes out of date with no edit: the
   * school's midnight, an item's publishing time, a notice's start or end.
   */
  #watchNextChange() {
    clearTimeout(this.#nextChangeTimer);
    const now = new Date();
    const { timeZone } = this.#content.data.settings;
    const { due, alertAt } = nextPublicChange(this.#content.data, now);
    const tomorrow = new Date(Date.parse(`${this.#today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const moments = [zonedInstant(tomorrow, '00:00', timeZone).getTime(), alertAt ?? Number.POSITIVE_INFINITY];
    if (due) moments.push(zonedInstant(due.slice(0, 10), due.slice(11), timeZone).getTime());
    const delay = Math.min(Math.max(0, Math.min(...moments) - now.getTime()), LONGEST_TIMER_MS);
    this.#nextChangeTimer = setTimeout(() => this.#lookAtTheClock(), delay);
    this.#nextChangeTimer.unref();
  }

  #serve(site: SiteSnapshot) {
    this.#snapshot = site;
    this.#served =
      this.#searchFiles.size === 0
        ? site
        : { files: new Map([...site.files, ...this.#searchFiles]), redirects: site.redirects };
  }

  /**
   * Indexing ended (`dir`: the new index, null when it failed, and the one before it stays): the
   * server serves the new index, and the bucket gets it with the served build.
   */
  async #searchIndexed(dir: string | null) {
    if (!dir) return;
    const fresh = (await this.#searchLoader.load(dir)).files;
    // A visitor whose page read the index before may still fetch its chunks (named by their
    // content, so they never clash with the new ones): they stay served until the next index.
    this.#searchFiles = new Map([...this.#indexFiles, ...fresh]);
    this.#indexFiles = fresh;
    if (this.#snapshot) this.#serve(this.#snapshot);
    const current = await this.#folders.current();
    // Awaited: the indexing is not over before the bucket is asked for its index.
    if (current) await this.#mirrorSite(current.folder);
  }

  /** The name of what a build of `view` depends on; the pages name the site's address too. */
  #fingerprint(view: SiteContent) {
    return buildFingerprint(this.#codeHash, this.#siteUrl, view, (part) => this.#content.partPieces(part));
  }

  /** The school's date now. */
  #today() {
    return dateInZone(new Date(), this.#content.data.settings.timeZone);
  }

  /** What visitors may see now: drafts and what is not yet due never reach the renderer. */
  #publicView(now = new Date()): SiteContent {
    return publicContent(this.#content.data, now);
  }

  /**
   * The served build `current`, when the next one (of `view`) may take its untouched pages: same
   * code, address and day; with what the change does to the pages, when the content it was made
   * from is known.
   */
  #previousBuild(current: CurrentBuild | null, day: string, view: SiteContent): PreviousBuild | undefined {
    const info: BuildInfo | undefined = current?.info;
    const same = info?.codeHash === this.#codeHash && info.siteUrl === this.#siteUrl && info.day === day;
    if (!current || !same || this.#renderAll) return undefined;
    const renderedAt = info.startedAt ?? new Date(Date.parse(info.builtAt) - info.durationMs).toISOString();
    const previous = { ...current.folder, renderedAt };
    if (!this.#liveView) return previous;
    const changes = changedPages(this.#liveView, view, { previousAt: new Date(renderedAt), nextAt: new Date() });
    return { ...previous, changes };
  }

  /** The site the renderer answered `site` for: what it wrote into `folder`, and what it carried. */
  async #loadRendered(folder: BuildFolder, site: RenderedSite): Promise<SiteSnapshot> {
    const snapshot = await this.#loader.load(folder.publicDir, site.headers, site.redirects, {
      paths: [...site.written, ...site.carried, ...Object.keys(site.spliced?.pages ?? {})],
      carried: new Set(site.carried),
      spliced: site.spliced,
    });
    if (!snapshot.files.has('/index.html')) throw new Error('The build produced no home page');
    return snapshot;
  }

  async #buildAndSwap() {
    const view = this.#publicView();
    const day = this.#today();
    const started = Date.now();
    const folder = await this.#folders.create();
    try {
      const current = await this.#folders.current();
      // The parts the served build's snapshot holds already are named again, not written.
      const served = current && !this.#renderAll ? (this.#liveView ?? undefined) : undefined;
      const bytesOf = (part: unknown) => this.#content.partBytes(part);
      await writeContentSnapshot(folder.contentFile, this.#folders.partsDir, view, bytesOf, served);
      const previous = this.#previousBuild(current, day, view);
      const rendering = this.#builder.render(folder.contentFile, folder.publicDir, previous);
      // Hashed while the publishing process renders, not after.
      const fingerprint = this.#fingerprint(view);
      const site = await rendering;
      // Visitors get the new pages now: first those the change is on, then those it only moved
      // items on; the folder, served after a restart, is made whole after.
      this.#serve(await this.#loadRendered(folder, site));
      if (site.shifted)
        this.#serve(await this.#loadRendered(folder, await this.#builder.renderShifted(folder.publicDir)));
      await this.#builder.complete(folder);
      await this.#folders.promote(folder, {
        fingerprint,
        builtAt: new Date().toISOString(),
        durationMs: Date.now() - started,
        startedAt: new Date(started).toISOString(),
        codeHash: this.#codeHash,
        siteUrl: this.#siteUrl,
        day,
      });
      this.#renderAll = false;
      this.#liveDay = day;
      this.#liveView = view;
      // After the new pages are live, in the background: publishing never waits for the search.
      this.#afterLive(folder, view);
    } catch (error) {
      this.#renderAll = true;
      await rm(folder.dir, { recursive: true, force: true });
      throw error;
    }
    // The build being indexed stays until its index is written.
    await this.#folders.prune(this.#search?.busyWith);
  }
}
