/**
 * `npm run bench`: starts the product on temporary data folders filled by the demo: the small one,
 * the large one (`seed:demo --large`: 2,000 distinct photos, 1,000 events and news), the large one
 * in English, Hindi and Arabic (`large-languages`: a news item's Hindi text saved, beside the same
 * edit of the English text on `large`, both servers up and the edits in turns), the limit
 * (`--limit`: 20,000 of each) and the limit as the previous version wrote it (`limit-legacy`:
 * items without `status` and `publishAt`, as an upgraded site has them; demo-folders.ts), and
 * measures in one run: edit-to-live (the edits kept, as a school's are), a typing burst (the
 * leadership autosave), page weight and, with the large set, Lighthouse on /gallery and
 * /eventsnews; with the small set also static serving against nginx and API latency (GET /api/content, with a
 * browser's Accept-Encoding and without); with the
 * large sets the server's and renderer's memory and a restart's time. Prints the sets side by side
 * and writes the figures to bench-results/latest.json; exits 1 when a goal of goals.ts is missed.
 * The small set also measures the login page's layout shift on a slow phone.
 * `BENCH_SETS=large,limit` measures only those sets.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVENTS_BASE } from '../site/lib/archive-pages.ts';
import { PUBLIC_ROUTES } from '../tests/public/routes.ts';
import { call, setupAndLogin, waitUntilLive } from '../tests/support/api.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { disposeServer, type RunningServer, removeFolders, startServer } from '../tests/support/server.ts';
import { measureAlertToLive } from './alert-to-live.ts';
import { measureApiContent } from './api-content.ts';
import { watchAvailability } from './availability.ts';
import { demoDataFolders, removeSeededFolders } from './demo-folders.ts';
import { type EditToLive, measureEditToLive } from './edit-to-live.ts';
import { checkGoals, type DataSetFigures, type DataSetName, LIMIT_SETS } from './goals.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureLoginCls } from './login-cls.ts';
import { measureNewsTextSideBySide, type NewsTextSite } from './news-text-to-live.ts';
import { builtPages, type PageWeight, pageWeigher } from './page-weight.ts';
import { type ResidentMemory, residentMemory } from './process-memory.ts';
import { waitUntilSettled } from './settled.ts';
import { measureStart, type StartTime } from './start-time.ts';
import { compareStaticServing } from './static-serving.ts';
import { ensureSystemTools } from './system-tools.ts';
import { measureTypingBurst } from './typing-burst.ts';

const EDITS = Number(process.env.BENCH_EDITS ?? 15);
/** A large site takes minutes to build the first time on a busy machine. */
const FIRST_BUILD_MS = 15 * 60_000;
/** The data sets measured, all four by default; `BENCH_SETS=large,limit` for fewer. */
const SETS = (process.env.BENCH_SETS ?? 'small,large,large-languages,limit,limit-legacy')
  .split(',')
  .map((set) => set.trim()) as DataSetName[];

/**
 * Once the first build is live, its search index is written too (on the large set, seconds of the
 * processor): the edits are measured on a settled server, as a school's is between its edits.
 */
const settled = (base: string, token: string) => waitUntilSettled(base, token, FIRST_BUILD_MS);

/** Edits published while visitors keep loading pages. */
async function measureEdits(base: string, token: string) {
  const watcher = watchAvailability(base, ['/', '/eventsnews', '/about/leadership']);
  try {
    const editToLive = await measureEditToLive(base, token, EDITS);
    const typingBurst = await measureTypingBurst(base, token);
    return { editToLive, typingBurst, availability: await watcher.stop() };
  } finally {
    await watcher.stop();
  }
}

/**
 * Memory with the site served and an edit just published, then the start on the same data (a
 * restart: its last build kept), and memory again once the restarted server is ready for edits.
 */
async function measureRestart(server: RunningServer): Promise<{ start: StartTime['ms']; memory: ResidentMemory }> {
  const afterEdits = residentMemory(server.process.pid!);
  await server.stop();
  const restarted = await measureStart({ dataDir: server.dataDir, uploadsDir: server.uploadsDir });
  try {
    const token = await login(restarted.server.url);
    await waitUntilLive(restarted.server.url, token, FIRST_BUILD_MS);
    const afterStart = residentMemory(restarted.server.process.pid!);
    return { start: restarted.ms, memory: afterStart.totalMb > afterEdits.totalMb ? afterStart : afterEdits };
  } finally {
    await disposeServer(restarted.server);
  }
}

/** A deep archive page, carried over from build to build unless a change touches it. */
const deepPage = () => `${EVENTS_BASE}/past/${new Date().getFullYear() - 5}`;

/** The spec's pages (HTML, CSS and JS), and every public page of the build for its scripts. */
async function measurePages(base: string, builtSite: string) {
  const weigh = pageWeigher(base);
  const pageWeights: PageWeight[] = [];
  for (const route of PUBLIC_ROUTES) pageWeights.push(await weigh(route));
  const scriptWeights: PageWeight[] = [];
  for (const route of await builtPages(builtSite)) scriptWeights.push(await weigh(route));
  return { pageWeights, scriptWeights };
}

async function measureDataSet(set: DataSetName): Promise<DataSetFigures> {
  const server = await startServer(await demoDataFolders(set));
  let stopped = false;
  try {
    const token = await setupAndLogin(server.url);
    await settled(server.url, token);
    if (LIMIT_SETS.includes(set)) {
      const editToLive = await measureEditToLive(server.url, token, EDITS);
      stopped = true;
      return { editToLive, ...(await measureRestart(server)) };
    }
    if (set === 'large-languages') {
      const editToLive = await measureEditToLive(server.url, token, EDITS);
      // Its banner is put into every page of each language: measured on the last language's.
      const alertToLive = await measureAlertToLive(server.url, token, `/ar${deepPage()}`);
      return { editToLive, alertToLive };
    }
    const edits = await measureEdits(server.url, token);
    const builtSite = join(server.dataDir, 'site', 'current', 'public');
    const { pageWeights, scriptWeights } = await measurePages(server.url, builtSite);
    if (set === 'large') {
      const lighthouse = await measureLighthouse(server.url, ['/gallery', '/eventsnews']);
      const alertToLive = await measureAlertToLive(server.url, token, deepPage());
      stopped = true;
      const restart = await measureRestart(server);
      return { ...edits, pageWeights, scriptWeights, lighthouse, alertToLive, ...restart };
    }
    const serving = await compareStaticServing(server.url, builtSite, ['/', '/gallery']);
    const apiContent = await measureApiContent(server.url);
    const browser = await launchBrowser();
    const loginCls = await measureLoginCls(browser, server.url).finally(() => browser.close());
    return { ...edits, pageWeights, scriptWeights, serving, apiContent, loginCls };
  } finally {
    if (stopped) await removeFolders(server.dataDir);
    else await disposeServer(server);
  }
}

/**
 * A news item's text saved on `large`, and only its Hindi text on `large-languages`: both servers
 * up at once, the edits in turns (news-text-to-live.ts), so the two series share the machine's
 * quiet and busy minutes.
 */
async function measureNewsTextOnBoth(): Promise<[EditToLive, EditToLive]> {
  const sites: NewsTextSite[] = [];
  const servers: RunningServer[] = [];
  try {
    for (const [set, language] of [['large'], ['large-languages', 'hi']] as const) {
      const server = await startServer(await demoDataFolders(set));
      servers.push(server);
      const token = await setupAndLogin(server.url);
      await settled(server.url, token);
      sites.push({ base: server.url, token, language });
    }
    const [large, languages] = await measureNewsTextSideBySide(sites, EDITS);
    return [large!, languages!];
  } finally {
    for (const server of servers) await disposeServer(server);
  }
}

/** The account setupAndLogin made (tests/support/api.ts). */
const BENCH_ADMIN = { username: 'admin', password: 'admin123' };

async function login(base: string): Promise<string> {
  const answer = await call<{ token: string }>(base, 'POST', '/api/admin/login', { json: BENCH_ADMIN });
  return answer.body.token;
}

ensureSystemTools();
const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const figures: Partial<Record<DataSetName, DataSetFigures>> = {};
try {
  for (const set of SETS) figures[set] = await measureDataSet(set);
  if (figures.large && figures['large-languages'])
    [figures.large.newsTextToLive, figures['large-languages'].newsTextToLive] = await measureNewsTextOnBoth();
} finally {
  await removeSeededFolders();
}
const { small, large } = figures;
const goals = checkGoals(figures);
await mkdir('bench-results', { recursive: true });
await writeFile(
  'bench-results/latest.json',
  JSON.stringify({ date: new Date().toISOString(), edits: EDITS, ...figures, goals }, null, 2),
);

const sideBySide = (figure: (set: DataSetFigures) => number | string | undefined) =>
  Object.fromEntries(SETS.map((set) => [set, figure(figures[set]!) ?? '']));
console.log(
  `\nThe data sets side by side (seed:demo, --large, --large --languages, --limit, --limit in the previous version’s shape); ${EDITS} edits each, kept`,
);
console.table({
  'edit to live p50 (ms)': sideBySide((s) => round(s.editToLive.p50)),
  'edit to live p95 (ms)': sideBySide((s) => round(s.editToLive.p95)),
  'news text to live p50 (ms)': sideBySide((s) => s.newsTextToLive && round(s.newsTextToLive.p50)),
  'news text to live p95 (ms)': sideBySide((s) => s.newsTextToLive && round(s.newsTextToLive.p95)),
  'POST /api/events answer p50 (ms)': sideBySide((s) => round(s.editToLive.postP50, 1)),
  'urgent notice to live, max (ms)': sideBySide((s) => s.alertToLive && round(s.alertToLive.max)),
  'start on its last build (ms)': sideBySide((s) => s.start && round(s.start)),
  'server + renderer resident (MB)': sideBySide((s) => s.memory && round(s.memory.totalMb)),
  'autosave request (bytes)': sideBySide((s) => s.typingBurst?.requestBytes),
  'typing burst: builds': sideBySide((s) => s.typingBurst?.builds),
  'typing burst: last text live (ms)': sideBySide((s) => s.typingBurst && round(s.typingBurst.lastTextLiveMs)),
  'visitors: non-200 or truncated': sideBySide(
    (s) => s.availability && s.availability.non200 + s.availability.truncated,
  ),
});
if (small?.pageWeights && large?.pageWeights) {
  console.log('Page weight, compressed bytes (small | large)');
  console.table(
    Object.fromEntries(
      small.pageWeights.map((w, i) => {
        const l = large.pageWeights![i]!;
        return [w.route, { 'html small': w.html, 'html large': l.html, css: l.css, 'js large': l.js }];
      }),
    ),
  );
}
for (const set of SETS) {
  const scripts = figures[set]?.scriptWeights;
  if (!scripts) continue;
  console.log(`JS of the pages with an island (${set}, of ${scripts.length} public pages): brotli and gzip -9 bytes`);
  const withIsland = scripts.filter((w) => w.island);
  console.table(Object.fromEntries(withIsland.map((w) => [w.route, { brotli: w.js, 'gzip -9': w.jsGzip }])));
}
console.log('Lighthouse mobile performance, large demo: the median of 3 runs per page');
console.table(
  Object.fromEntries(
    (large?.lighthouse ?? []).map((l) => [
      l.route,
      { score: l.performance, 'blocking ms': l.totalBlockingTimeMs, runs: l.runs.join(' '), error: l.error ?? '' },
    ]),
  ),
);
console.log('Static serving (small demo), 32 connections, median of 3 alternating 5 s rounds');
console.table(
  Object.fromEntries(
    (small?.serving ?? []).map((s) => [
      s.route,
      {
        'product req/s': round(s.product.requestsPerSecond),
        'nginx req/s': round(s.nginx.requestsPerSecond),
        'product/nginx': round(s.ratio, 2),
        'product p99 ms': round(s.product.p99Ms, 2),
        errors: s.product.errors + s.nginx.errors,
      },
    ]),
  ),
);
if (small?.apiContent) {
  console.log('GET /api/content (small demo), 32 connections, 5 s each');
  const { acceptEncoding, browser, plain } = small.apiContent;
  console.table(
    Object.fromEntries(
      [
        [`Accept-Encoding: ${acceptEncoding}`, browser],
        ['no Accept-Encoding', plain],
      ].map(([sent, load]) => [
        sent,
        {
          'req/s': round(load.requestsPerSecond),
          'p50 ms': round(load.p50Ms, 2),
          'p99 ms': round(load.p99Ms, 2),
          errors: load.errors,
        },
      ]),
    ),
  );
}
console.log('Login page layout shift, small demo (slow 4G, 4× slower CPU)');
console.table(Object.fromEntries((small?.loginCls ?? []).map((l) => [l.viewport, { CLS: round(l.cls, 3) }])));
console.log('Goals');
console.table(goals.map((g) => ({ goal: g.goal, measured: g.measured, met: g.met ? 'yes' : 'NO' })));
if (goals.some((g) => !g.met)) process.exitCode = 1;
