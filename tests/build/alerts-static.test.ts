/**
 * An urgent notice where no server answers: in the bucket (PUBLISH_S3_*, against s3rver) after the
 * sync that follows the save, and in the files `npm run build` writes. Every page carries it with
 * the script its own policy allows, and /alerts.json lists it.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { bucketSynced, testBucket } from '../support/test-bucket.ts';

const bucket = testBucket();
/** The server's pages and the build's name the same address, so they can be compared whole. */
const SITE_URL = 'https://school.example';
// The bucket's settings are filled in when it starts: its env object is the one the server gets.
const site = testServer({ admin: true, env: Object.assign(bucket.env, { SITE_URL }) });
const MESSAGE = 'Buses run 30 minutes late this morning.';
/**
 * A page without the time it was rendered: the events island's `builtAt` (upcoming events pass
 * with time), and the island's id, made from its props. The server rendered its page earlier.
 */
const renderedAtMasked = (html: string) =>
  html.replace(/&quot;builtAt&quot;:\[0,&quot;[^&]*&quot;\]/g, '').replace(/ uid="[^"]*"/g, '');
const bannerOf = (html: string) => /<section id="site-alerts"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

it('is on every page of the bucket after the sync that follows the save', { timeout: 180_000 }, async () => {
  const before = await bucketSynced(site);
  expect(bannerOf((await bucket.object('index.html'))!.text)).toBe('');
  const answer = await site.asAdmin('POST', '/api/alerts', {
    json: { message: MESSAGE, level: 'important', endsAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  expect(answer.status).toBe(201);
  const saved = Date.now();
  await bucketSynced(site, before.at!);
  console.log(`Notice in the bucket ${Date.now() - saved} ms after the POST answered (a fresh install)`);

  const pageKeys = (await bucket.keys()).filter((key) => key.endsWith('index.html') && !key.startsWith('admin'));
  expect(pageKeys.length).toBeGreaterThan(10);
  let pages = 0;
  for (const key of pageKeys) {
    const text = (await bucket.object(key))!.text;
    if (text.includes('http-equiv="refresh"')) continue; // a moved address
    pages++;
    expect(bannerOf(text), key).toContain(MESSAGE);
    expect(text).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*script-src 'self'[^"]*'sha256-/);
  }
  expect(pages).toBeGreaterThan(10);
  // The pages given the banner were served from one file, then written each into the build's folder.
  expect(await readdir(join(site.dataDir, 'site', 'current'))).not.toContain('public.spliced');
  const json = await bucket.object('alerts.json');
  expect(json?.type).toBe('application/json');
  expect(JSON.parse(json!.text).alerts[0]).toMatchObject({ level: 'important', message: MESSAGE });
});

it('is on every page `npm run build` writes, which are the pages the server put the banner into without rendering them', {
  timeout: 180_000,
}, async () => {
  const out = join(site.dataDir, '..', 'static-out');
  await promisify(execFile)(process.execPath, ['admin-api/build/cli.ts', '--out', out], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir, SITE_URL },
  });
  const files = (await readdir(out, { recursive: true })).filter(
    (file) => file.endsWith('index.html') && !file.startsWith('admin'),
  );
  let pages = 0;
  for (const file of files) {
    const html = await readFile(join(out, file), 'utf8');
    if (html.includes('http-equiv="refresh"')) continue; // a moved address
    pages++;
    expect(bannerOf(html), file).toContain(MESSAGE);
    // The server rendered the home page and one other in full, and took the rest from the build
    // before, with the new banner put in (admin-api/publish/banner-splice.ts): the same pages.
    expect(renderedAtMasked((await bucket.object(file))!.text), file).toBe(renderedAtMasked(html));
    // A static host sends no headers: the page's own policy allows the banner's script.
    expect(html).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*script-src 'self'[^"]*'sha256-/);
  }
  expect(pages).toBeGreaterThan(10);
  expect(JSON.parse(await readFile(join(out, 'alerts.json'), 'utf8')).alerts[0].message).toBe(MESSAGE);
});
