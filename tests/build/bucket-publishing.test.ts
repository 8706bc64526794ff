/**
 * Publishing to an S3 bucket (PUBLISH_S3_*), against s3rver started here: the server fills a fresh
 * bucket when it starts, each edit uploads only what changed, files no longer part of the site
 * go, and a bucket that fails shows in the build status while editing goes on.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { uploaded } from '../api/helpers.ts';
import { solidImage } from '../api/test-images.ts';
import { testServer } from '../support/harness.ts';
import { bucketStatus, bucketSynced, testBucket } from '../support/test-bucket.ts';

const BUCKET = 'school-site';
const bucket = testBucket();
const site = testServer({ admin: true, env: bucket.env });
const synced = (after?: string) => bucketSynced(site, after);
const { object, keys } = bucket;

describe('publishing to a bucket', () => {
  let eventId: string;
  let imageId: string;

  it('fills a fresh bucket with the whole site when the server starts', async () => {
    const status = await synced();
    // Every file of the site is in the bucket (the pages' sync, then the index's, filled it).
    expect((await keys()).filter((key) => !key.startsWith('.')).length).toBe(status.lastSync?.objects);
    const home = await object('index.html');
    expect(home?.text).toContain('<html');
    expect(home?.type).toBe('text/html; charset=utf-8');
    expect(home?.cacheControl).toMatch(/max-age=0|no-cache/);
    // No header of the server's comes with it: the page carries its own script and style policy.
    expect(home?.text).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*script-src 'self' 'sha256-/);
    expect(await object('404.html')).not.toBeNull();
    const redirect = await object('about/index.html');
    expect(redirect?.text).toContain('http-equiv="refresh"');
    const asset = (await keys()).find((key) => key.startsWith('_astro/') && key.endsWith('.css'));
    expect(asset).toBeDefined();
    const css = await object(asset!);
    expect(css?.type).toBe('text/css; charset=utf-8');
    expect(css?.cacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('uploads a new event with its picture, and only what changed', async () => {
    const before = await synced();
    const picture = await uploaded(
      site.url,
      site.token,
      await solidImage('png', 700, 500, { r: 10, g: 120, b: 200 }),
      'bus.png',
    );
    imageId = picture.imageId;
    const answer = await site.asAdmin('POST', '/api/events', {
      json: {
        title: 'Bucket brigade',
        description: 'Carried to the cloud',
        date: '2031-02-01',
        time: '10:00',
        location: 'Hall',
        image: picture,
      },
    });
    expect(answer.status).toBe(201);
    eventId = answer.body.find((event: { title: string }) => event.title === 'Bucket brigade')._id;
    const status = await synced(before.at!);
    const page = await object('eventsnews/index.html');
    expect(page?.text).toContain('Bucket brigade');
    const images = (await keys()).filter((key) => key.startsWith(`images/${imageId}`));
    expect(images.length).toBeGreaterThan(0);
    const image = await object(images[0]!);
    expect(image?.type).toBe('image/webp');
    expect(image?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(page?.text).toContain(`/${images[0]}`);
    const counts = status.lastSync!;
    expect(counts.uploadedObjects).toBeLessThan(counts.objects / 2);
  });

  it('removes a deleted event and its picture from the bucket', async () => {
    const before = await synced();
    expect((await site.asAdmin('DELETE', `/api/events/${eventId}`)).status).toBe(200);
    await synced(before.at!);
    expect((await object('eventsnews/index.html'))?.text).not.toContain('Bucket brigade');
    expect((await keys()).filter((key) => key.startsWith(`images/${imageId}`))).toEqual([]);
  });

  it('holds the site search’s index as the server serves it, made after each edit', async () => {
    const served = async () => (await fetch(`${site.url}/pagefind/pagefind-entry.json`)).text();
    const wait = async (done: () => Promise<boolean>) => {
      for (let tries = 0; tries < 200 && !(await done()); tries++) await new Promise((ok) => setTimeout(ok, 100));
    };
    const first = await served();
    const answer = await site.asAdmin('POST', '/api/news', {
      json: { title: 'Searchable from the bucket', description: 'Indexed after the pages' },
    });
    expect(answer.status).toBe(201);
    await wait(async () => (await served()) !== first);
    const latest = await served();
    expect(latest).not.toBe(first);
    // The index follows the pages: the bucket gets it in a sync of its own.
    await wait(async () => (await object('pagefind/pagefind-entry.json'))?.text === latest);
    const entry = await object('pagefind/pagefind-entry.json');
    expect(entry?.text).toBe(latest);
    expect(entry?.cacheControl).toMatch(/max-age=0/);
    expect((await object('pagefind/pagefind.js'))?.type).toBe('text/javascript; charset=utf-8');
    const fragment = (await keys()).find((key) => key.startsWith('pagefind/fragment/'));
    expect((await object(fragment!))?.cacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('shows a bucket that fails in the build status, while edits still go live on the server', async () => {
    await synced();
    await bucket.stop();
    try {
      const answer = await site.asAdmin('PUT', '/api/pages/privacy', {
        json: { title: 'Privacy', body: 'Kept while the bucket is away' },
      });
      expect(answer.status).toBe(200);
      await site.waitUntilLive();
      expect(await (await fetch(`${site.url}/privacy`)).text()).toContain('Kept while the bucket is away');
      let status = await bucketStatus(site);
      for (let tries = 0; tries < 300 && status.state === 'ok'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = await bucketStatus(site);
      }
      expect(['retrying', 'failed']).toContain(status.state);
      expect(status.error).toBeTruthy();
    } finally {
      await bucket.start();
    }
    await synced(new Date().toISOString());
    expect((await object('privacy/index.html'))?.text).toContain('Kept while the bucket is away');
  });
});

describe('npm run publish', () => {
  const publish = (name: string) =>
    promisify(execFile)(process.execPath, ['admin-api/bucket/cli.ts'], {
      env: {
        ...process.env,
        ...bucket.env,
        PUBLISH_S3_BUCKET: name,
        DATA_DIR: site.dataDir,
        UPLOADS_DIR: site.uploadsDir,
      },
    });

  it('syncs the published site once, uploading nothing that is already there', async () => {
    await synced();
    const { stdout } = await publish(BUCKET);
    expect(stdout).toMatch(/Published to school-site\/www\/: 0 of \d+ files uploaded/);
  });

  it('stops with one message when the bucket cannot be written', async () => {
    const failed = await publish('no-such-bucket').catch((error) => error);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^npm run publish failed: .+/);
    expect(failed.stderr).not.toMatch(/\n\s+at /);
  });
});
