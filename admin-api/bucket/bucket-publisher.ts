import type { BucketStatus } from '../../site/contract/api.ts';
import type { UploadStores } from '../build/upload-files.ts';
import type { PublishedSite } from '../publish/build-folders.ts';
import type { BucketConfig } from './bucket-config.ts';
import { bucketClient, syncBucket } from './bucket-sync.ts';
import type { S3Client } from './s3-client.ts';
import { collectSiteFiles } from './site-files.ts';

/** Failures in a row after which the state says `failed` (retries go on). */
const FAILED_AFTER = 3;
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 60_000;

/**
 * Keeps the bucket in step with the served site, in the background: one sync at a time, always of
 * the newest site; a failed sync is tried again with growing pauses. Never blocks publishing.
 */
export class BucketPublisher {
  #config: BucketConfig;
  #client: S3Client;
  #stores: UploadStores;
  #wanted: PublishedSite | null = null;
  #running: Promise<void> | null = null;
  #failures = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  #closed = false;
  #status: BucketStatus = { state: 'ok', at: null, syncing: false, lastSync: null };
  #idleWaiters: (() => void)[] = [];

  constructor(config: BucketConfig, stores: UploadStores, client: S3Client = bucketClient(config)) {
    this.#config = config;
    this.#stores = stores;
    this.#client = client;
  }

  get status(): BucketStatus {
    return { ...this.#status, syncing: this.#running !== null || this.#wanted !== null };
  }

  /** Syncs `site` as soon as the sync that runs (if any) ends. */
  sync(site: PublishedSite): void {
    if (this.#closed) return;
    this.#wanted = site;
    if (this.#retryTimer) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = null;
    }
    this.#running ??= this.#drain();
  }

  /** Resolves when no sync runs or waits (a retry that waits counts as idle). */
  idle(): Promise<void> {
    if (!this.#running) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  close(): void {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
  }

  async #drain() {
    while (this.#wanted && !this.#closed) {
      const site = this.#wanted;
      this.#wanted = null;
      const started = Date.now();
      try {
        const counts = await syncBucket(this.#client, this.#config, await collectSiteFiles(site, this.#stores));
        this.#failures = 0;
        this.#status = {
          state: 'ok',
          at: new Date().toISOString(),
          syncing: false,
          lastSync: { ...counts, durationMs: Date.now() - started },
        };
        console.log(
          `Bucket synced: ${counts.uploadedObjects} of ${counts.objects} files uploaded ` +
            `(${counts.uploadedBytes} of ${counts.bytes} bytes), ${counts.deletedObjects} deleted.`,
        );
      } catch (error) {
        this.#failures++;
        const message = describe(error);
        this.#status = {
          ...this.#status,
          state: this.#failures >= FAILED_AFTER ? 'failed' : 'retrying',
          error: message,
          at: new Date().toISOString(),
        };
        console.error(`Publishing to the bucket failed (attempt ${this.#failures}): ${message}`);
        if (!this.#wanted) this.#retryLater(site);
      }
    }
    this.#running = null;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  #retryLater(site: PublishedSite) {
    if (this.#closed) return;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** (this.#failures - 1), LONGEST_RETRY_MS);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (!this.#wanted) this.sync(site);
    }, delay);
    this.#retryTimer.unref();
  }
}

export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  return error.message || error.name || code || 'unknown error';
}
