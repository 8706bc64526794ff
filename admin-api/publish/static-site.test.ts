import { link, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CompressedFiles } from './compressed-files.ts';
import { SnapshotLoader } from './static-site.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-site-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const page = (text: string) => `<!doctype html><title>${text}</title><p>${text.repeat(200)}</p>`;

/** A build folder with `files`; a value `{ from }` hard-links the file of an earlier build. */
async function build(name: string, files: Record<string, string | { from: string }>) {
  const dir = join(root, name);
  for (const [path, body] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    if (typeof body === 'string') await writeFile(join(dir, path), body);
    else await link(join(root, body.from, path), join(dir, path));
  }
  return dir;
}

it('reuses the entry of a file the next build took over as a hard link, and loads the files it wrote', async () => {
  const loader = new SnapshotLoader();
  const first = await loader.load(
    await build('one', { 'index.html': page('Home'), 'gallery/index.html': page('Old') }),
  );
  const second = await loader.load(
    await build('two', { 'index.html': { from: 'one' }, 'gallery/index.html': page('New') }),
  );

  expect(second.files.get('/index.html')).toBe(first.files.get('/index.html'));
  expect(second.files.get('/gallery/index.html')).not.toBe(first.files.get('/gallery/index.html'));
  expect(Buffer.from(second.files.get('/gallery/index.html')!.identity.body).toString()).toBe(page('New'));
});

it('takes the files publishing says it carried over as loaded before, without looking at them, so they need not be in the folder yet', async () => {
  const loader = new SnapshotLoader();
  const policy = { '/gallery/index.html': { 'content-security-policy': "script-src 'self'" } };
  const first = await loader.load(
    await build('one', { 'index.html': page('Home'), 'gallery/index.html': page('Gallery') }),
    policy,
  );
  // The new build's folder has only the page it rendered.
  const twoDir = await build('two', { 'index.html': page('Home, again') });
  const second = await loader.load(
    twoDir,
    {},
    {},
    { paths: ['/index.html', '/gallery/index.html'], carried: new Set(['/gallery/index.html']) },
  );

  expect(second.files.get('/gallery/index.html')).toBe(first.files.get('/gallery/index.html'));
  expect(second.files.get('/gallery/index.html')!.identity.headers['content-security-policy']).toContain(
    "script-src 'self'",
  );
  expect(Buffer.from(second.files.get('/index.html')!.identity.body).toString()).toBe(page('Home, again'));
  expect([...second.files.keys()].sort()).toEqual(['/gallery/index.html', '/index.html']);
});

it('refuses a build that says it carried over a file no build loaded before', async () => {
  const loader = new SnapshotLoader();
  await loader.load(await build('one', { 'index.html': page('Home') }));
  const twoDir = await build('two', { 'index.html': page('Home') });

  await expect(
    loader.load(
      twoDir,
      {},
      {},
      { paths: ['/index.html', '/gallery/index.html'], carried: new Set(['/gallery/index.html']) },
    ),
  ).rejects.toThrow('/gallery/index.html was carried over from a build that was not loaded');
});

it('loads a linked file again when its headers changed', async () => {
  const loader = new SnapshotLoader();
  const policy = (value: string) => ({ '/index.html': { 'content-security-policy': value } });
  const first = await loader.load(await build('one', { 'index.html': page('Home') }), policy("script-src 'self'"));
  const second = await loader.load(await build('two', { 'index.html': { from: 'one' } }), policy("script-src 'none'"));

  expect(second.files.get('/index.html')).not.toBe(first.files.get('/index.html'));
  expect(second.files.get('/index.html')!.identity.headers['content-security-policy']).toMatch(/^script-src 'none'/);
});

it('compresses rendered files, feeds included, as well as the pages', async () => {
  const calendar = `BEGIN:VCALENDAR\r\n${'BEGIN:VEVENT\r\nSUMMARY:Sports day\r\nEND:VEVENT\r\n'.repeat(500)}END:VCALENDAR\r\n`;
  const snapshot = await new SnapshotLoader().load(await build('one', { 'events.ics': calendar }));
  const file = snapshot.files.get('/events.ics')!;
  expect(file.br!.headers['content-encoding']).toBe('br');
  expect(file.br!.body.length).toBeLessThan(calendar.length / 10);
  expect(file.identity.headers['cache-control']).toBe('no-cache');
});

it("serves an event category's calendar, in each language, as text/calendar", async () => {
  const calendar = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
  const snapshot = await new SnapshotLoader().load(
    await build('one', { 'calendars/examinations.ics': calendar, 'hi/calendars/examinations.ics': calendar }),
  );
  for (const path of ['/calendars/examinations.ics', '/hi/calendars/examinations.ics']) {
    expect(snapshot.files.get(path)!.identity.headers['content-type'], path).toBe('text/calendar; charset=utf-8');
  }
});

it('serves a whole site at once and compresses it in the background, each file once', async () => {
  const files = Object.fromEntries(Array.from({ length: 100 }, (_, n) => [`page-${n}/index.html`, page(`Page ${n}`)]));
  const loader = new SnapshotLoader();
  const site = await loader.load(await build('many', files));
  const first = site.files.get('/page-0/index.html')!;
  // Served at once: every page is there, and says its answer varies with the encoding asked for.
  expect(site.files.size).toBe(100);
  expect(first.identity.headers.vary).toBe('Accept-Encoding');
  await loader.compressed();
  for (const file of site.files.values()) {
    expect(file.br!.headers['content-encoding']).toBe('br');
    expect(file.br!.headers['content-length']).toBe(String(file.br!.body.length));
    expect(file.gzip!.headers['content-encoding']).toBe('gzip');
  }
  expect(brotliDecompressSync(first.br!.body).toString()).toBe(page('Page 0'));
});

it('compresses the few files of an edit before its build is served', async () => {
  const loader = new SnapshotLoader();
  const site = await loader.load(
    await build('few', { 'index.html': page('Home'), 'gallery/index.html': page('Gallery') }),
  );
  expect(site.files.get('/gallery/index.html')!.br).not.toBeNull();
});

it('keeps a page compressed only, and unzips it for a client that takes no compression', async () => {
  const loader = new SnapshotLoader();
  const site = await loader.load(await build('one', { 'index.html': page('Home') }));
  const file = site.files.get('/index.html')!;
  expect(gunzipSync(file.gzip!.body).toString()).toBe(page('Home'));
  expect(Buffer.from(file.identity.body).toString()).toBe(page('Home'));
  expect(file.identity.headers['content-length']).toBe(String(page('Home').length));
  // No bytes of its own: the uncompressed page is made from the gzip form when asked.
  expect(Object.getOwnPropertyDescriptor(file.identity, 'body')?.get).toBeDefined();
});

it("keeps a build's hashed scripts compressed on disk, so the next start reads them back, and forgets those no build has", async () => {
  const script = `export const greeting = ${JSON.stringify('Hello from a hashed script. '.repeat(100))};`;
  const kept = join(root, 'compressed');
  const loader = new SnapshotLoader(new CompressedFiles(kept));
  const first = await loader.load(await build('one', { '_astro/app.js': script, 'index.html': page('Home') }));
  await loader.compressed();
  const etag = first.files.get('/_astro/app.js')!.etag.replaceAll('"', '');
  // Only the immutable file is kept: a page is compressed again in a millisecond.
  expect((await readdir(kept)).sort()).toEqual([`${etag}.br`, `${etag}.gz`]);

  // What the next start serves is what was kept, not compressed again.
  const marked = `${script}// read back`;
  await writeFile(join(kept, `${etag}.br`), brotliCompressSync(marked));
  const restarted = await new SnapshotLoader(new CompressedFiles(kept)).load(
    await build('two', { '_astro/app.js': script, 'index.html': page('Home') }),
  );
  expect(brotliDecompressSync(restarted.files.get('/_astro/app.js')!.br!.body).toString()).toBe(marked);

  const next = new SnapshotLoader(new CompressedFiles(kept));
  await next.load(await build('three', { 'index.html': page('Home') }));
  await next.compressed();
  expect(await readdir(kept)).toEqual([]);
});
