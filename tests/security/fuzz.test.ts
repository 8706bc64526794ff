/**
 * Property-based fuzzing of every write of the API (the cases: fuzz/). Attacks, writes meant
 * to succeed and damaged images are sent in a random mix, one at a time, and after each the
 * stored files are read: an attack must be refused with a 4xx JSON message and change nothing,
 * a write must change exactly what it says, nothing may answer 5xx. At the end the process is
 * still up, logged no unexpected error, wrote nothing outside its folders, and publishes all of it.
 *
 * FUZZ_RUNS sets the number of cases (300 in npm test, 1200 in npm run test:long); FUZZ_SEED replays a run.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { isShowing } from '../../site/contract/alerts.ts';
import type { SiteContent } from '../../site/contract/content.ts';
import { dateInZone, timeInZone } from '../../site/contract/dates.ts';
import { uploaded } from '../api/helpers.ts';
import { pdfFile, uploadedDocument } from '../api/test-documents.ts';
import { animatedGif, solidImage } from '../api/test-images.ts';
import { testServer } from '../support/harness.ts';
import { documentChecker } from '../support/openapi-check.ts';
import { examples } from '../support/run-length.ts';
import { attack, planAttack } from './fuzz/attacks.ts';
import { damagedImage, planDamagedImage } from './fuzz/damaged-images.ts';
import { documentUpload, planDocumentUpload } from './fuzz/documents.ts';
import {
  ALUMNUS,
  BODILESS_ROUTES,
  BODY_ROUTES,
  type Context,
  ID_ROUTES,
  type Planned,
  QUERY_ROUTES,
  type Stored,
  SUBSCRIPTION_ROUTES,
} from './fuzz/routes.ts';
import { planWrite, write } from './fuzz/writes.ts';
import { apiCalls, fileTally, jsonOf, rawRequest, storedFiles } from './support.ts';

const RUNS = examples(process.env.FUZZ_RUNS, { test: 300, long: 1200 });
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const PASSWORD = 'admin123';

const tally = fileTally('Fuzzing');
const site = testServer({ admin: true });
let context: Omit<Context, keyof Stored | 'pendingSecret' | 'document'>;
let images: Buffer[];
let files: Buffer[];

beforeAll(async () => {
  const token = site.token;
  const image = await uploaded(site.url, token, await solidImage('png', 24, 24), 'fixture.png');
  // The first logo keeps the image in use: writes may attach and detach it all they like.
  await site.asAdmin('POST', '/api/logos', { json: image });
  await site.call('POST', '/api/alumni', { json: ALUMNUS });
  // The first circular added keeps the document in use, as the logo keeps the image.
  const { documentId, originalName } = await uploadedDocument(site.url, token, pdfFile('Fixture'), 'fixture.pdf');
  const document = { documentId, originalName };
  const circulars = await site.asAdmin('POST', '/api/circulars', {
    json: { title: 'Keeper', date: '2030-01-01', document },
  });
  const keeper = circulars.body.find((circular: { title: string }) => circular.title === 'Keeper')._id;
  context = { token, image, keeper, password: PASSWORD, counters: { registrations: 0, messages: 0 } };
  files = [pdfFile('One'), pdfFile('Two'), await solidImage('png', 16, 16), Buffer.from('Dear parents,\n')];
  images = await Promise.all([
    solidImage('png', 16, 16),
    solidImage('jpeg', 16, 16),
    solidImage('webp', 16, 16),
    solidImage('avif', 16, 16),
    animatedGif(3, 16, 16),
  ]);
});

const parse = (stored: Record<string, string>): Stored => ({
  content: JSON.parse(stored['content.json']!),
  alumni: JSON.parse(stored['alumni.json']!).alumni,
  messages: JSON.parse(stored['messages.json']!).messages,
});

type StoredAccount = { pendingTwoFactorSecret: string | null } & Record<string, unknown>;
const accounts = (files: Record<string, string>): StoredAccount[] => JSON.parse(files['admins.json']!).admins;
const pendingSecret = (files: Record<string, string>) => accounts(files)[0]?.pendingTwoFactorSecret ?? null;

/** Sends one case and checks what it did to the stored files. */
async function check(plan: Planned): Promise<void> {
  const before = await storedFiles(site.dataDir);
  const answer = await rawRequest(site.url, plan.request);
  const seen = { case: plan.label, method: plan.request.method, path: plan.request.path, status: answer.status };
  tally.add('cases sent');
  expect(answer.status, JSON.stringify(seen)).toBeLessThan(500);
  // Whatever the case, the answer keeps the word of the API's OpenAPI document.
  const checker = await documentChecker(site.url);
  if (!checker) throw new Error('The server serves no OpenAPI document at /api/openapi.json');
  const contentType = answer.headers['content-type'];
  const problem = checker.answerProblem({
    method: plan.request.method,
    path: plan.request.path,
    status: answer.status,
    contentType: (Array.isArray(contentType) ? contentType[0] : contentType) ?? null,
    body: jsonOf(answer) ?? answer.text,
  });
  expect(problem, JSON.stringify(seen)).toBeNull();
  const after = await storedFiles(site.dataDir);

  switch (plan.expect.kind) {
    case 'refused':
      expect({ ...seen, refused: answer.status >= 400 }).toEqual({ ...seen, refused: true });
      expect(jsonOf(answer), JSON.stringify(seen)).toEqual({ message: expect.any(String) });
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(after, JSON.stringify(seen)).toEqual(before);
      tally.add(`attacks refused: ${plan.label}`);
      tally.add('attacks refused, all kinds');
      return;
    case 'written': {
      expect({ ...seen, written: answer.status < 300 }, answer.text.slice(0, 300)).toEqual({ ...seen, written: true });
      const expected = plan.expect.effect(parse(before), parse(after));
      expect(withoutBookkeeping(parse(after))).toEqual(withoutBookkeeping(expected));
      if (plan.expect.accounts === 'new pending two-factor secret') {
        const withoutPending = (files: Record<string, string>) =>
          accounts(files).map(({ pendingTwoFactorSecret: _pending, ...rest }) => rest);
        expect(withoutPending(after)).toEqual(withoutPending(before));
        expect(pendingSecret(after)).toMatch(/^[A-Z2-7]{32}$/);
        expect(pendingSecret(after)).not.toBe(pendingSecret(before));
      } else {
        expect(after['admins.json']).toBe(before['admins.json']);
      }
      if (plan.expect.answer !== undefined) expect(jsonOf(answer), JSON.stringify(seen)).toEqual(plan.expect.answer);
      if (plan.expect.erasures) {
        // One more request on the list, named by its number, the person only as salted hashes.
        const list = (files: Record<string, string>) =>
          JSON.parse(files['erasures.json']!) as { salt: string; requests: { number: string; hashes: string[] }[] };
        const [was, is] = [list(before), list(after)];
        expect(is.salt).toBe(was.salt);
        expect(is.requests.slice(0, -1)).toEqual(was.requests);
        expect(is.requests.at(-1)).toEqual({
          number: `E-${String(was.requests.length + 1).padStart(4, '0')}`,
          at: expect.any(String),
          hashes: [expect.stringMatching(/^[0-9a-f]{64}$/)],
        });
        expect(after['erasures.json']!.toLowerCase()).not.toContain(plan.expect.erasures.secret);
        expect((jsonOf(answer) as { request: string }).request).toBe(is.requests.at(-1)!.number);
      } else {
        expect(after['erasures.json']).toBe(before['erasures.json']);
      }
      tally.add(`writes verified: ${plan.label}`);
      tally.add('writes verified, all kinds');
      return;
    }
    case 'anything but a server error':
      expect(after).toEqual(before);
      tally.add(`damaged images ${answer.status === 201 ? 'still readable, stored' : 'refused'}`);
      return;
    case 'answered':
      expect(seen).toEqual({ ...seen, status: plan.expect.status });
      expect(after).toEqual(before);
      tally.add(`${plan.label === 'change own role' ? 'role changes' : 'uploads'}: ${plan.label}`);
      return;
    case 'stale': {
      const { unit } = plan.expect;
      expect(seen).toEqual({ ...seen, status: 412 });
      expect(jsonOf(answer), JSON.stringify(seen)).toEqual({
        message: expect.stringMatching(/Nothing was saved: reload to see that change first\.$/),
        changedBy: unit.updated?.by ?? null,
        changedAt: unit.updated?.at ?? null,
        version: unit.updated?.at ?? 'original',
        current: unit,
      });
      expect(after, JSON.stringify(seen)).toEqual(before);
      tally.add('attacks refused: stale version');
      tally.add('attacks refused, all kinds');
    }
  }
}

/**
 * `stored` without the server's bookkeeping, which the models of the writes leave out: who wrote
 * each item (`author`) and who last changed it and when (`updated`: on items, pages, logos and the
 * settings; `leadershipUpdated` for the leaders' messages and photos), a reviewer's note
 * (`reviewNote`), and the text a waiting page keeps showing visitors (`live`). The server stamps
 * them on every change, at a moment the model cannot know; the tests of issue 20 check them
 * (tests/api/drafts.test.ts, tests/api/stale-saves.test.ts, admin-api/workflow/stamps.test.ts).
 * Everything else of every write is compared.
 */
function withoutBookkeeping(stored: Stored): Stored {
  const strip = <T extends object>(unit: T): T => {
    const { author: _a, updated: _u, reviewNote: _n, live: _l, ...rest } = unit as T & Record<string, unknown>;
    return rest as T;
  };
  const { leadershipUpdated: _leadershipUpdated, ...content } = stored.content;
  return {
    ...stored,
    content: {
      ...content,
      settings: strip(content.settings),
      logos: content.logos.map(strip),
      events: content.events.map(strip),
      news: content.news.map(strip),
      circulars: content.circulars.map(strip),
      gallery: content.gallery.map(strip),
      homegallery: content.homegallery.map(strip),
      pages: content.pages.map(strip) as SiteContent['pages'],
      alerts: content.alerts.map(strip),
    },
  };
}

/**
 * What visitors may see of `content` at `now`, as issue 20 says: only items and pages published
 * with no time to go live or one that has come (the school's wall-clock time), a waiting page with
 * the text it had when last public (`live`), and nothing of who wrote or changed what.
 */
function visibleAt(content: SiteContent, now: Date): unknown {
  const { timeZone } = content.settings;
  const at = `${dateInZone(now, timeZone)}T${timeInZone(now, timeZone)}`;
  const isPublic = (unit: { status: string; publishAt: string | null }) =>
    unit.status === 'published' && (unit.publishAt === null || unit.publishAt <= at);
  const visible = <T extends { status: string; publishAt: string | null }>(items: readonly T[]) =>
    items.filter(isPublic).map(withoutPrivateFields);
  const { leadershipUpdated: _leadershipUpdated, ...rest } = content;
  return {
    ...rest,
    settings: withoutPrivateFields(content.settings),
    logos: content.logos.map(withoutPrivateFields),
    events: visible(content.events),
    news: visible(content.news),
    circulars: visible(content.circulars),
    gallery: visible(content.gallery),
    homegallery: visible(content.homegallery),
    // The notices showing now (from their start until their end), without who changed them.
    alerts: content.alerts.filter((alert) => isShowing(alert, now)).map(withoutPrivateFields),
    pages: content.pages.map((page) => {
      if (isPublic(page)) return withoutPrivateFields(page);
      expect(page.live, `the text visitors keep reading of ${page.slug}`).toBeDefined();
      return { slug: page.slug, ...page.live, status: 'published', publishAt: null };
    }),
  };
}

const withoutPrivateFields = <T extends object>(unit: T) => {
  const { author: _a, updated: _u, reviewNote: _n, live: _l, ...rest } = unit as T & Record<string, unknown>;
  return rest;
};

it('knows every write of the API (a new one cannot be left out)', () => {
  const writes = apiCalls().filter((name) => !name.startsWith('GET '));
  const fuzzed = new Set([
    ...Object.keys(BODY_ROUTES),
    ...Object.keys(ID_ROUTES),
    ...BODILESS_ROUTES,
    ...Object.keys(QUERY_ROUTES),
    ...Object.keys(SUBSCRIPTION_ROUTES),
    'POST /api/upload',
    'POST /api/documents',
  ]);
  expect(writes.filter((name) => !fuzzed.has(name))).toEqual([]);
});

const anyCase = fc.oneof(
  { weight: 5, arbitrary: attack.map((a) => ({ attack: a })) },
  { weight: 4, arbitrary: write.map((w) => ({ write: w })) },
  { weight: 1, arbitrary: damagedImage.map((d) => ({ damaged: d })) },
  { weight: 1, arbitrary: documentUpload.map((d) => ({ document: d })) },
);

it(`survives ${RUNS} cases of attacks, writes and damaged images, changing only what the writes say`, {
  timeout: 15 * 60_000,
}, async () => {
  await fc.assert(
    fc.asyncProperty(anyCase, async (generated) => {
      const stored = await storedFiles(site.dataDir);
      const { content, ...rest } = parse(stored);
      // The keeper's document, as now stored: a replaced file has a new id.
      const document = content.circulars.find((circular) => circular._id === context.keeper)!.document!;
      const state = { ...context, content, ...rest, document, pendingSecret: pendingSecret(stored) };
      if ('attack' in generated) return check(planAttack(generated.attack, state));
      if ('write' in generated) return check(planWrite(generated.write, state));
      if ('document' in generated) return check(planDocumentUpload(generated.document, files, state));
      return check(planDamagedImage(generated.damaged, images, state));
    }),
    { numRuns: RUNS, seed: SEED },
  );

  expect(site.server.process.exitCode).toBeNull();
  expect(site.server.output()).not.toMatch(/^(GET|POST|PUT|DELETE|PATCH) \S+ failed:/m);
  // Staff read what is stored; visitors what is public now, without drafts or private fields.
  const { content } = parse(await storedFiles(site.dataDir));
  expect((await site.asAdmin('GET', '/api/admin/content')).body).toEqual(content);
  expect((await site.call('GET', '/api/content')).body).toEqual(visibleAt(content, new Date()));
  // Nothing was written beside the data and uploads folders.
  expect((await readdir(join(site.dataDir, '..'))).sort()).toEqual(['data', 'uploads']);
  // Whatever was accepted can be published: the site is rebuilt with all of it.
  await site.waitUntilLive(120_000);
});
