/**
 * Nothing that waits is public anywhere (issue 20). Drafts, items waiting for review and items
 * scheduled for later (news, events, circulars, photos and pages), each with a word of its own in
 * its title and text, are searched for in every public page of the live server (followed from the
 * home page, as a visitor or a crawler would), the feeds, the sitemap, robots.txt, the public API,
 * a static build (`npm run build`) and the bucket (s3rver). Published items, searched for the same
 * way, prove each search finds what is there. When the time of the items scheduled for the next
 * minute comes, they appear on the live server, in the feeds and in the bucket within 60 seconds,
 * with no one signed in, and in the next static build, while the others still appear nowhere.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploaded } from '../api/helpers.ts';
import { solidImage } from '../api/test-images.ts';
import { circular, event, news } from '../support/fixtures.ts';
import { testServer } from '../support/harness.ts';
import { referencedAddresses } from '../support/static-host.ts';
import { bucketSynced, testBucket } from '../support/test-bucket.ts';

const run = promisify(execFile);
const bucket = testBucket();
const site = testServer({ admin: true, env: bucket.env });
const synced = (after?: string) => bucketSynced(site, after);
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'drafts-everywhere-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A word found nowhere else: lowercase letters only, so no markup, escaping or slug changes it. */
const tag = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 5)
  .padEnd(5, 'q');
const word = (what: string) => `zq${what}${tag}`;

/** Words of what must never be public in this test (drafts, reviews, far-future schedules). */
const HIDDEN = {
  newsDraft: word('newsdraft'),
  newsReview: word('newsreview'),
  newsNever: word('newsnever'),
  eventDraft: word('eventdraft'),
  eventReview: word('eventreview'),
  eventNever: word('eventnever'),
  circularDraft: word('circulardraft'),
  circularReview: word('circularreview'),
  circularNever: word('circularnever'),
  photoDraft: word('photodraft'),
  photoReview: word('photoreview'),
  homePhotoDraft: word('homephotodraft'),
  pageDraft: word('pagedraft'),
  pageReview: word('pagereview'),
  pageNever: word('pagenever'),
};
/** Words of what is scheduled for the next minute: hidden before it, public after. */
const SOON = {
  news: word('newssoon'),
  event: word('eventsoon'),
  circular: word('circularsoon'),
  page: word('pagesoon'),
};
/** Words of what is published: each search must find them, or it proves nothing. */
const SHOWN = {
  news: word('newsshown'),
  event: word('eventshown'),
  circular: word('circularshown'),
  photo: word('photoshown'),
};

/** Where each soon item must be once public: paths of the live site (the bucket has them as files). */
const SOON_PLACES: [string, string][] = [
  ['/eventsnews', SOON.news],
  ['/eventsnews', SOON.event],
  ['/rss.xml', SOON.news],
  ['/events.ics', SOON.event],
  ['/notifications-circular', SOON.circular],
  ['/privacy', SOON.page],
];
const SHOWN_PLACES: [string, string][] = [
  ['/eventsnews', SHOWN.news],
  ['/eventsnews', SHOWN.event],
  ['/rss.xml', SHOWN.news],
  ['/events.ics', SHOWN.event],
  ['/notifications-circular', SHOWN.circular],
  ['/gallery', SHOWN.photo],
];
const PUBLIC_API = ['/api/content', '/api/events', '/api/news', '/api/pages', '/api/circulars', '/api/settings'];
/** Addresses a crawler asks for without a link. */
const WELL_KNOWN = ['/rss.xml', '/events.ics', '/sitemap.xml', '/robots.txt', '/sitemap', '/no-such-page'];

const tokens: Record<string, string> = {};
const draftIds: string[] = [];
/** The minute the soon items are scheduled for (ms since the epoch). */
let goLive = 0;

/** A visitor's GET of `path` on the live server; if the server is gone, says what it printed. */
async function visit(path: string): Promise<Response> {
  try {
    return await fetch(site.url + path);
  } catch (error) {
    const { exitCode, signalCode } = site.server.process;
    throw new Error(
      `GET ${path} failed (${(error as Error).message}); server exit ${exitCode ?? signalCode ?? 'none'}, output:\n${site.server.output().slice(-4000)}`,
    );
  }
}

/** Texts by where they were found; calendar lines folded at 75 octets are joined again. */
type Texts = Map<string, string>;
const unfolded = (text: string) => text.replace(/\r?\n[ \t]/g, '');

/** "word in place" for each of `words` found in `texts`. */
function found(texts: Texts, words: readonly string[]): string[] {
  const hits: string[] = [];
  for (const [place, text] of texts) {
    const plain = unfolded(text);
    for (const one of words) if (plain.includes(one)) hits.push(`${one} in ${place}`);
  }
  return hits;
}
/** The `[place, word]` pairs missing from `texts` (whose keys are paths without a trailing `/index.html`). */
function missing(texts: Texts, places: [string, string][]): string[] {
  return places.filter(([path, one]) => !unfolded(texts.get(path) ?? '').includes(one)).map(([p, w]) => `${w} in ${p}`);
}

/**
 * Every same-site address reachable from the home page (pages, feeds, scripts, styles, data) and
 * the well-known ones, as text; images are not text and are skipped.
 */
async function crawlLive(): Promise<Texts> {
  const texts: Texts = new Map();
  const queue = ['/', ...WELL_KNOWN];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await visit(path);
    const type = response.headers.get('content-type') ?? '';
    if (/^(image|font)\//.test(type) || type.includes('pdf')) {
      await response.body?.cancel();
      continue;
    }
    const text = await response.text();
    texts.set(path.length > 1 ? path.replace(/\/$/, '') : path, text);
    for (const address of referencedAddresses(text)) {
      if (!address.startsWith('/') || address.startsWith('//')) continue;
      const target = new URL(address, site.url + path);
      const next = target.pathname + target.search;
      if (seen.has(next) || /^\/(images|documents|api\/image|api\/document)\//.test(target.pathname)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  for (const path of PUBLIC_API) texts.set(path, await (await visit(path)).text());
  return texts;
}

/** Every text file of a folder of the site, keyed by its path as an address (`/eventsnews`). */
async function folderTexts(dir: string): Promise<Texts> {
  const texts: Texts = new Map();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !isText(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    texts.set(addressOf(file.slice(dir.length)), await readFile(file, 'utf8'));
  }
  return texts;
}

/** Every text object of the bucket, keyed as `folderTexts` keys files. */
async function bucketTexts(): Promise<Texts> {
  const texts: Texts = new Map();
  for (const key of await bucket.keys()) {
    if (isText(key)) texts.set(addressOf(`/${key}`), (await bucket.object(key))?.text ?? '');
  }
  return texts;
}

const isText = (name: string) => /\.(html|xml|ics|txt|json|js|css|webmanifest)$/.test(name);
const addressOf = (path: string) => path.replace(/\/index\.html$/, '') || '/';

async function staticBuild(name: string): Promise<Texts> {
  const out = join(work, name);
  await run(process.execPath, ['admin-api/build/cli.ts', '--out', out], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir },
  });
  return folderTexts(out);
}

async function add(who: string, list: string, fields: Record<string, unknown>): Promise<string> {
  const answer = await site.call('POST', `/api/${list}`, { token: tokens[who], json: fields });
  if (answer.status !== 201) throw new Error(`POST /api/${list}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const label = fields.title ?? fields.caption;
  return (answer.body as { _id: string; title?: string; caption?: string }[]).find(
    (item) => (item.title ?? item.caption) === label,
  )!._id;
}

async function putPage(slug: string, text: string, state: Record<string, unknown>) {
  const answer = await site.asAdmin('PUT', `/api/pages/${slug}`, {
    json: { title: `Page ${text}`, body: `The text of ${text}.`, ...state },
  });
  if (answer.status !== 200) throw new Error(`PUT /api/pages/${slug}: ${JSON.stringify(answer.body)}`);
}

const FAR_FUTURE = '2099-01-01T08:00';

beforeAll(async () => {
  tokens.admin = site.token;
  for (const [username, role] of [['ravi', 'contributor']] as const) {
    const json = { username, password: `${username}-password-1`, role };
    await site.asAdmin('POST', '/api/admin/create', { json });
    tokens[username] = (await site.call('POST', '/api/admin/login', { json })).body.token;
  }
  // The first fill of the bucket is done before the clock starts.
  await synced();
});

describe('drafts, reviews and scheduled items', () => {
  let before: { staticBuild: Texts; live: Texts; served: Texts; bucket: Texts };

  it('are found nowhere public before their time, while published items are found everywhere', {
    timeout: 120_000,
  }, async () => {
    // The next minute at least 30 s away: the time the soon items go live.
    goLive = Math.ceil((Date.now() + 30_000) / 60_000) * 60_000;
    const soonAt = new Date(goLive).toISOString(); // with Z: the server reads it in the school's time zone
    const image = await uploaded(site.url, tokens.ravi!, await solidImage('png', 20, 20));

    draftIds.push(await add('ravi', 'news', news(HIDDEN.newsDraft)));
    await add('ravi', 'news', { ...news(HIDDEN.newsReview), status: 'review' });
    await add('admin', 'news', { ...news(HIDDEN.newsNever), status: 'published', publishAt: FAR_FUTURE });
    await add('admin', 'news', { ...news(SOON.news), publishAt: soonAt });
    await add('admin', 'news', news(SHOWN.news));
    draftIds.push(await add('ravi', 'events', event(HIDDEN.eventDraft)));
    await add('ravi', 'events', { ...event(HIDDEN.eventReview), status: 'review' });
    await add('admin', 'events', { ...event(HIDDEN.eventNever), publishAt: FAR_FUTURE });
    await add('admin', 'events', { ...event(SOON.event), status: 'published', publishAt: soonAt });
    await add('admin', 'events', event(SHOWN.event));
    await add('admin', 'circulars', { ...circular(HIDDEN.circularDraft), status: 'draft' });
    await add('ravi', 'circulars', { ...circular(HIDDEN.circularReview), status: 'review' });
    await add('admin', 'circulars', { ...circular(HIDDEN.circularNever), publishAt: FAR_FUTURE });
    await add('admin', 'circulars', { ...circular(SOON.circular), publishAt: soonAt });
    await add('admin', 'circulars', circular(SHOWN.circular));
    await add('ravi', 'gallery', { ...image, caption: `Photo ${HIDDEN.photoDraft}` });
    await add('ravi', 'gallery', { ...image, caption: `Photo ${HIDDEN.photoReview}`, status: 'review' });
    await add('ravi', 'homegallery', { ...image, caption: `Photo ${HIDDEN.homePhotoDraft}` });
    await add('admin', 'gallery', { ...image, caption: `Photo ${SHOWN.photo}` });
    await putPage('admissions', HIDDEN.pageDraft, { status: 'draft' });
    await putPage('disclaimer', HIDDEN.pageReview, { status: 'review' });
    await putPage('mandatory-public-disclosure', HIDDEN.pageNever, { publishAt: FAR_FUTURE });
    await putPage('privacy', SOON.page, { status: 'published', publishAt: soonAt });

    const [staticTexts] = await Promise.all([staticBuild('before'), synced(new Date().toISOString())]);
    before = {
      staticBuild: staticTexts,
      live: await crawlLive(),
      served: await folderTexts(join(site.dataDir, 'site', 'current', 'public')),
      bucket: await bucketTexts(),
    };
    // Everything above was seen before the soon items' time: else the test proves nothing.
    expect(Date.now()).toBeLessThan(goLive);

    const hidden = [...Object.values(HIDDEN), ...Object.values(SOON)];
    for (const [source, texts] of Object.entries(before)) {
      expect({ source, leaks: found(texts, hidden) }).toEqual({ source, leaks: [] });
      expect({ source, missing: missing(texts, SHOWN_PLACES) }).toEqual({ source, missing: [] });
    }
    // The crawl reached every page a visitor can, the archive and the feeds among them.
    expect([...before.live.keys()]).toEqual(
      expect.arrayContaining([
        '/',
        '/eventsnews',
        '/notifications-circular',
        '/gallery',
        '/privacy',
        '/admissions',
        '/disclaimer',
        '/mandatory-public-disclosure',
        '/sitemap.xml',
      ]),
    );
    expect(found(before.live, Object.values(SHOWN)).length).toBeGreaterThan(8);
    // A draft's preview page is no public address.
    for (const id of draftIds) {
      for (const kind of ['news', 'events']) {
        const answer = await fetch(`${site.url}/preview/${kind}/${id}`);
        expect(answer.status).toBe(404);
        expect(found(new Map([['preview', await answer.text()]]), hidden)).toEqual([]);
      }
    }
  });

  it('are published within a minute of their time, with no one signed in, and only those', {
    timeout: 180_000,
  }, async () => {
    // From here on nothing is sent with a token: only a visitor's requests and the bucket's files.
    const deadline = goLive + 60_000;
    const seen: Record<string, number> = {};
    const places = (prefix: string) => SOON_PLACES.map(([path, one]): [string, string] => [prefix + path, one]);
    while (Object.keys(seen).length < 3 && Date.now() < deadline + 1_000) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(500, Math.min(goLive - Date.now(), 5_000))));
      if (Date.now() < goLive) continue;
      if (!seen.api) {
        const texts: Texts = new Map();
        for (const path of PUBLIC_API) texts.set(path, await (await visit(path)).text());
        if (found(texts, Object.values(SOON)).length >= 4) seen.api = Date.now();
      }
      if (!seen.live) {
        const texts: Texts = new Map();
        for (const [path] of SOON_PLACES) texts.set(`live${path}`, await (await visit(path)).text());
        if (missing(texts, places('live')).length === 0) seen.live = Date.now();
      }
      if (!seen.bucket) {
        const texts: Texts = new Map();
        for (const [path] of SOON_PLACES) {
          const key = /\.[a-z]+$/.test(path) ? path.slice(1) : `${path.slice(1)}/index.html`;
          texts.set(`bucket${path}`, (await bucket.object(key))?.text ?? '');
        }
        if (missing(texts, places('bucket')).length === 0) seen.bucket = Date.now();
      }
    }
    const delays = Object.fromEntries(
      Object.entries(seen).map(([where, at]) => [where, Math.round((at - goLive) / 1000)]),
    );
    console.log(`Scheduled items went public after (s): ${JSON.stringify(delays)}`);
    expect(Object.keys(seen).sort()).toEqual(['api', 'bucket', 'live']);
    for (const at of Object.values(seen)) expect(at).toBeLessThanOrEqual(deadline);

    const after = {
      staticBuild: await staticBuild('after'),
      live: await crawlLive(),
      served: await folderTexts(join(site.dataDir, 'site', 'current', 'public')),
      bucket: await bucketTexts(),
    };
    for (const [source, texts] of Object.entries(after)) {
      expect({ source, leaks: found(texts, Object.values(HIDDEN)) }).toEqual({ source, leaks: [] });
      expect({ source, missing: missing(texts, [...SOON_PLACES, ...SHOWN_PLACES]) }).toEqual({ source, missing: [] });
    }
    for (const path of ['/api/news', '/api/events', '/api/circulars', '/api/pages', '/api/content']) {
      expect({ path, found: found(new Map([[path, after.live.get(path)!]]), Object.values(SOON)).length > 0 }).toEqual({
        path,
        found: true,
      });
    }
  });
});
