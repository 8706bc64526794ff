/**
 * `npm run publish`: one full sync of the public site to the bucket (PUBLISH_S3_*), from the site
 * `npm start` last published in DATA_DIR and the uploads in UPLOADS_DIR.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SiteContent } from '../../site/contract/content.ts';
import { readConfig } from '../config.ts';
import { DocumentStore } from '../documents/document-store.ts';
import { ImageStore } from '../images/image-store.ts';
import { BuildFolders, publishedSite } from '../publish/build-folders.ts';
import { currentSearchIndex, searchIndexRoot } from '../publish/search-indexer.ts';
import { contentFile } from '../store/stores.ts';
import { readBucketConfig } from './bucket-config.ts';
import { describe } from './bucket-publisher.ts';
import { bucketClient, syncBucket } from './bucket-sync.ts';
import { collectSiteFiles } from './site-files.ts';

/** The replaced documents' former ids, read from the content (their addresses keep serving the new files). */
async function documentAliases(dataDir: string): Promise<Record<string, string>> {
  try {
    const content = JSON.parse(await readFile(contentFile(dataDir), 'utf8')) as { documentAliases?: unknown };
    return SiteContent.shape.documentAliases.parse(content.documentAliases);
  } catch {
    return {};
  }
}

try {
  const config = readConfig();
  const bucket = readBucketConfig();
  if (!bucket) throw new Error('Set PUBLISH_S3_BUCKET (and PUBLISH_S3_ENDPOINT for a service other than AWS)');
  const siteDir = join(config.dataDir, 'site');
  const current = await new BuildFolders(siteDir).current();
  if (!current)
    throw new Error(`There is no published site in ${siteDir}: start the server once (npm start) to build it`);
  const searchDir = (await currentSearchIndex(searchIndexRoot(config.dataDir))) ?? undefined;
  const aliases = await documentAliases(config.dataDir);
  const files = await collectSiteFiles(
    { ...(await publishedSite(current.folder)), searchDir },
    {
      images: new ImageStore(config.uploadsDir),
      documents: new DocumentStore(config.uploadsDir),
      documentAliases: () => aliases,
    },
  );
  const counts = await syncBucket(bucketClient(bucket), bucket, files);
  console.log(
    `Published to ${bucket.bucket}/${bucket.prefix}: ${counts.uploadedObjects} of ${counts.objects} files uploaded ` +
      `(${counts.uploadedBytes} of ${counts.bytes} bytes), ${counts.deletedObjects} deleted.`,
  );
} catch (error) {
  console.error(`npm run publish failed: ${describe(error)}`);
  process.exit(1);
}
