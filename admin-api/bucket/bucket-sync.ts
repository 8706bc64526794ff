/**
 * Brings a bucket up to date with a site: uploads only the files whose content changed since the
 * last sync (a manifest of content hashes, `.publish-manifest.json`, is kept in the bucket),
 * immutable assets and uploads first, pages and feeds last, and deletes the files no longer part
 * of the site once the new pages are in place.
 */
import type { BucketConfig } from './bucket-config.ts';
import { isImmutable, objectHeaders } from './object-headers.ts';
import { S3Client } from './s3-client.ts';
import type { SiteFiles } from './site-files.ts';

export const MANIFEST = '.publish-manifest.json';
const PARALLEL_UPLOADS = 8;

/** Content hash by path, of the files the bucket holds. */
type Manifest = Record<string, string>;

/** What one sync did. */
export interface SyncCounts {
  /** Files of the site. */
  objects: number;
  bytes: number;
  uploadedObjects: number;
  uploadedBytes: number;
  deletedObjects: number;
}

export function bucketClient(config: BucketConfig): S3Client {
  return new S3Client(config);
}

export async function syncBucket(client: S3Client, config: BucketConfig, files: SiteFiles): Promise<SyncCounts> {
  const key = (path: string) => config.prefix + path.replace(/^\//, '');
  const previous = JSON.parse((await client.getText(key(MANIFEST))) ?? '{}') as Manifest;
  const changed = [...files].filter(([path, file]) => previous[path] !== file.hash);
  const put = async ([path, file]: (typeof changed)[number]) => {
    await client.put(key(path), file.body, objectHeaders(path));
  };
  await inParallel(
    changed.filter(([path]) => isImmutable(path)),
    put,
  );
  await inParallel(
    changed.filter(([path]) => !isImmutable(path)),
    put,
  );
  const manifest: Manifest = Object.fromEntries([...files].map(([path, file]) => [path, file.hash]));
  await client.put(key(MANIFEST), JSON.stringify(manifest), {
    contentType: 'application/json',
    cacheControl: 'no-store',
  });
  const removed = Object.keys(previous).filter((path) => !files.has(path));
  for (let start = 0; start < removed.length; start += 1000) {
    await client.deleteMany(removed.slice(start, start + 1000).map(key));
  }
  let bytes = 0;
  for (const file of files.values()) bytes += file.body.length;
  return {
    objects: files.size,
    bytes,
    uploadedObjects: changed.length,
    uploadedBytes: changed.reduce((sum, [, file]) => sum + file.body.length, 0),
    deletedObjects: removed.length,
  };
}

async function inParallel<T>(items: T[], task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, items.length) }, worker));
}
