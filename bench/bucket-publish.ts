/**
 * `npm run bench:bucket`: publishing to a bucket (s3rver in this process), on the demo site. How
 * long a fresh bucket takes to hold the whole site from the server's start; for small edits (one
 * page's text, one news item's text, in turn), the time from the API's answer until the bucket
 * serves the new page, and the share of objects and bytes each edit uploads: the bucket's objects
 * listed before the edit and once the bucket is in step again (the pages, then the search index
 * made after them), compared by ETag. Exits 1 when a goal is missed. `npm run bench:bucket --
 * --languages` seeds the demo in English, Hindi and Arabic and also saves only the Hindi title of
 * a news item, in turn with the others.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { BuildStatus } from '../site/contract/api.ts';
import type { News } from '../site/contract/content.ts';
import { call, setupAndLogin } from '../tests/support/api.ts';
import { disposeServer, startServer } from '../tests/support/server.ts';

const EDITS = Number(process.env.BENCH_EDITS ?? 20);
const BUCKET = 'bench-site';
const STALLED_READ_MS = 250;
const base = await mkdtemp(join(tmpdir(), 'bucket-bench-'));
const folders = { dataDir: join(base, 'data'), uploadsDir: join(base, 'uploads') };
/** seed:demo's flags, from this command's (`--languages`). */
const seedFlags = process.argv.slice(2);
execFileSync(process.execPath, ['admin-api/seed-demo.ts', ...seedFlags], {
  env: { ...process.env, PORT: '0', DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
  stdio: 'ignore',
});
const port = 14000 + Math.floor(Math.random() * 1000);
const s3rver = new S3rver({
  port,
  address: '127.0.0.1',
  silent: true,
  directory: join(base, 's3'),
  configureBuckets: [{ name: BUCKET, configs: [] }],
});
await s3rver.run();
const endpoint = `http://127.0.0.1:${port}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started = Date.now();
const server = await startServer({
  ...folders,
  env: {
    PUBLISH_S3_BUCKET: BUCKET,
    PUBLISH_S3_ENDPOINT: endpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  },
});
try {
  const token = await setupAndLogin(server.url);
  const status = async () => (await call<BuildStatus>(server.url, 'GET', '/api/admin/build-status', { token })).body;
  const bucket = async () => (await status()).bucket!;
  while (!(await bucket()).at) await pause(50);
  const fresh = await bucket();
  console.log(
    `Fresh bucket: ${fresh.lastSync?.objects} files, ${fresh.lastSync?.bytes} bytes, ` +
      `held ${((Date.now() - started) / 1000).toFixed(1)} s after the server was started ` +
      `(the sync itself ${fresh.lastSync?.durationMs} ms)`,
  );

  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  /** Each object's ETag and size. */
  const listing = async () => {
    const objects = new Map<string, { etag: string; size: number }>();
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
      for (const object of page.Contents ?? []) objects.set(object.Key!, { etag: object.ETag!, size: object.Size! });
      token = page.NextContinuationToken;
    } while (token);
    return objects;
  };
  /** Waits until nothing is built, indexed or synced any more, and the bucket has synced since `since`. */
  const settled = async (since: string) => {
    for (;;) {
      const now = await status();
      if (now.state !== 'running' && !now.search?.indexing && !now.bucket!.syncing && now.bucket!.at !== since) return;
      await pause(50);
    }
  };
  await settled('');

  const latencies: number[] = [];
  const objectShares: number[] = [];
  const news = (await call<News[]>(server.url, 'GET', '/api/news')).body[0]!;
  // Sent with each edit as they are: only the texts change.
  const { title, priority, publishDate, expiryDate, image } = news;
  let description = news.description;
  const { languages } = (await call<{ languages: string[] }>(server.url, 'GET', '/api/settings')).body;
  const edits = {
    page: {
      path: '/api/pages/privacy',
      object: 'privacy/index.html',
      json: (marker: string) => ({ title: 'Privacy', body: `How we use your details. ${marker}` }),
    },
    news: {
      path: `/api/news/${news._id}`,
      object: 'eventsnews/index.html',
      json: (marker: string) => {
        description = `In short. ${marker}`;
        return { title, description, priority, publishDate, expiryDate, image };
      },
    },
    // The English texts as the news edits left them: only the Hindi title changes.
    translation: {
      path: `/api/news/${news._id}`,
      object: 'hi/eventsnews/index.html',
      json: (marker: string) => ({
        title,
        description,
        priority,
        publishDate,
        expiryDate,
        image,
        translations: { ...news.translations, hi: { ...news.translations?.hi, title: marker } },
      }),
    },
  };
  type Kind = keyof typeof edits;
  const kinds: Kind[] = languages.includes('hi') ? ['page', 'news', 'translation'] : ['page', 'news'];
  const shares = Object.fromEntries(kinds.map((kind) => [kind, [] as number[]])) as Record<Kind, number[]>;
  for (let edit = 1; edit <= EDITS; edit++) {
    const marker = `Bench edit ${edit} ${Date.now()}`;
    const kind = kinds[edit % kinds.length]!;
    const before = (await bucket()).at!;
    const held = await listing();
    const answer = await call(server.url, 'PUT', edits[kind].path, { token, json: edits[kind].json(marker) });
    if (answer.status !== 200) throw new Error(`the edit was refused: ${JSON.stringify(answer.body)}`);
    const answered = performance.now();
    for (;;) {
      // Plain GETs (s3rver answers anonymous reads): a read that meets the object being replaced
      // is simply made again. s3rver replaces an object's file in place (S3 itself replaces an
      // object atomically), so such a read can also stall, the old length announced and fewer
      // bytes sent, until s3rver drops the connection some 6 s later: it is given up sooner.
      const page = await fetch(`${endpoint}/${BUCKET}/${edits[kind].object}`, {
        signal: AbortSignal.timeout(STALLED_READ_MS),
      })
        .then((object) => object.text())
        .catch(() => '');
      if (page.includes(marker)) break;
      await pause(10);
    }
    latencies.push(performance.now() - answered);
    await settled(before);
    const after = await listing();
    const uploaded = [...after].filter(([key, object]) => held.get(key)?.etag !== object.etag);
    const bytes = (objects: Iterable<[string, { size: number }]>) =>
      [...objects].reduce((sum, [, o]) => sum + o.size, 0);
    objectShares.push(uploaded.length / after.size);
    shares[kind].push(bytes(uploaded) / bytes(after));
    if (process.env.BENCH_VERBOSE)
      console.log(`  ${kind}: ${uploaded.map(([key, o]) => `${key} ${o.size}`).join(', ')}`);
  }
  const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1]!;
  const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log(
    `Edit to visible in the bucket (${EDITS} edits): p50 ${p(latencies, 0.5).toFixed(0)} ms, p95 ${p(latencies, 0.95).toFixed(0)} ms (goal ≤ 2000 ms)`,
  );
  console.log(`  each edit (ms): ${latencies.map((ms) => ms.toFixed(0)).join(' ')}`);
  const goals = [
    { goal: 'edit to visible in the bucket p95 ≤ 2000 ms', met: p(latencies, 0.95) <= 2000 },
    { goal: 'objects uploaded per small edit ≤ 20 %', met: Math.max(...objectShares) <= 0.2 },
    ...kinds.map((kind) => ({
      goal: `bytes uploaded per ${kind} edit ≤ 5 % (max ${percent(Math.max(...shares[kind]))})`,
      met: Math.max(...shares[kind]) <= 0.05,
    })),
  ];
  console.log(`Uploaded per small edit: objects max ${percent(Math.max(...objectShares))} (goal ≤ 20 %)`);
  for (const kind of kinds) {
    console.log(
      `  bytes per ${kind} edit: max ${percent(Math.max(...shares[kind]))}, median ${percent(p(shares[kind], 0.5))} (goal ≤ 5 %)`,
    );
  }
  const failures = server
    .output()
    .split('\n')
    .filter((line) => line.includes('Publishing to the bucket failed'));
  console.log(`Failed syncs (tried again): ${failures.length}`);
  for (const line of failures.slice(0, 5)) console.log(`  ${line}`);
  for (const { goal, met } of goals) console.log(`${met ? 'met   ' : 'MISSED'} ${goal}`);
  if (goals.some(({ met }) => !met)) process.exitCode = 1;
} finally {
  await disposeServer(server);
  await s3rver.close();
  await rm(base, { recursive: true, force: true });
}
