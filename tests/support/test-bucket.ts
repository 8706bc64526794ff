/**
 * An S3-compatible bucket for a test file: s3rver, a real S3 server, started in the test process,
 * with the settings that make the product publish to it (`PUBLISH_S3_*`). Register it before the
 * server so that the server starts with them:
 *
 *     const bucket = testBucket();
 *     const site = testServer({ admin: true, env: bucket.env });
 *     it('…', async () => { await bucketSynced(site); expect(await bucket.object('index.html')) … });
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { BucketStatus, BuildStatus } from '../../site/contract/api.ts';
import type { Site } from './harness.ts';

const BUCKET = 'school-site';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface BucketObject {
  /** The text, decoded when it was stored compressed. */
  text: string;
  type: string | undefined;
  cacheControl: string | undefined;
}

export interface TestBucket {
  /** The server's settings for this bucket, filled once the bucket runs (before the server starts). */
  readonly env: Record<string, string>;
  /** The object at `path` of the site (under the prefix), or null. */
  object(path: string): Promise<BucketObject | null>;
  /** The paths of every object of the site. */
  keys(): Promise<string[]>;
  /** Stops the bucket's server (to see publishing fail), and starts it again on the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export function testBucket(prefix = 'www/'): TestBucket {
  const env: Record<string, string> = {};
  let server: S3rver | undefined;
  let client: S3Client | undefined;
  let dir: string | undefined;
  let port = 0;
  const start = async () => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir!,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await server.run();
  };
  const opened = () => {
    if (!client) throw new Error('The bucket is not running yet: use it inside a hook or a test.');
    return client;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 's3rver-'));
    port = await freePort();
    await start();
    Object.assign(env, {
      PUBLISH_S3_BUCKET: BUCKET,
      PUBLISH_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      PUBLISH_S3_REGION: 'us-east-1',
      PUBLISH_S3_PREFIX: prefix,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
    client = new S3Client({
      region: 'us-east-1',
      endpoint: env.PUBLISH_S3_ENDPOINT,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: CREDENTIALS,
    });
  });
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  return {
    env,
    async object(path) {
      try {
        const answer = await opened().send(new GetObjectCommand({ Bucket: BUCKET, Key: prefix + path }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return {
          text: (answer.ContentEncoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8'),
          type: answer.ContentType,
          cacheControl: answer.CacheControl,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async keys() {
      const found: string[] = [];
      let token: string | undefined;
      do {
        const page = await opened().send(
          new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) found.push(item.Key!.slice(prefix.length));
        token = page.NextContinuationToken;
      } while (token);
      return found;
    },
    stop: async () => {
      await server?.close();
    },
    start,
  };
}

/** What the server says of its bucket (GET /api/admin/build-status). */
export async function bucketStatus(site: Site): Promise<BucketStatus> {
  return (await site.asAdmin('GET', '/api/admin/build-status')).body.bucket;
}

/**
 * Waits until the site is live and a sync of the bucket ended after `after` (ISO time), with the
 * site search's index made for the build (the bucket gets the pages, then their index).
 */
export async function bucketSynced(site: Site, after = ''): Promise<BucketStatus> {
  await site.waitUntilLive();
  for (let tries = 0; tries < 600; tries++) {
    const { bucket: status, search } = (await site.asAdmin('GET', '/api/admin/build-status')).body as BuildStatus;
    if (!search?.indexing && !status!.syncing && status!.state === 'ok' && status!.at && status!.at > after) {
      return status!;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the bucket was not synced: ${JSON.stringify(await bucketStatus(site))}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
