/**
 * `npm run bench`: starts the product on temporary data folders filled by the demo, the small one
 * and the large one (`seed:demo --large`), and measures in one run: edit-to-live, a typing burst
 * (the leadership autosave), page weight and, with the large set, Lighthouse on /gallery and
 * /eventsnews; with the small set also static serving against nginx and API latency. Prints the
 * two sets side by side and writes the figures to bench-results/latest.json; exits 1 when a goal
 * of goals.ts is missed. The small set also measures the login page's layout shift on a slow phone.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUBLIC_ROUTES } from '../tests/public/routes.ts';
import { setupAndLogin, waitUntilLive } from '../tests/support/api.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { disposeServer, startServer } from '../tests/support/server.ts';
import { watchAvailability } from './availability.ts';
import { measureEditToLive } from './edit-to-live.ts';
import { checkGoals, type DataSetFigures } from './goals.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureLoginCls } from './login-cls.ts';
import { measurePageWeight } from './page-weight.ts';
import { compareStaticServing } from './static-serving.ts';
import { ensureSystemTools } from './system-tools.ts';
import { measureTypingBurst } from './typing-burst.ts';
import { loadTest } from './wrk.ts';

const EDITS = Number(process.env.BENCH_EDITS ?? 15);
/** A large site takes minutes to build the first time on a busy machine. */
const FIRST_BUILD_MS = 15 * 60_000;

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

/** A temporary data folder filled by npm run seed:demo (`--large` for the large set). */
async function demoDataFolders(large: boolean) {
  const base = await mkdtemp(join(tmpdir(), 'school-bench-'));
  const folders = { dataDir: join(base, 'data'), uploadsDir: join(base, 'uploads') };
  execFileSync(process.execPath, ['admin-api/seed-demo.ts', ...(large ? ['--large'] : [])], {
    env: { ...process.env, PORT: '0', DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
    stdio: 'inherit',
  });
  return folders;
}

async function measureDataSet(large: boolean): Promise<DataSetFigures> {
  const server = await startServer(await demoDataFolders(large));
  try {
    const token = await setupAndLogin(server.url);
    await waitUntilLive(server.url, token, FIRST_BUILD_MS);
    const edits = await measureEdits(server.url, token);
    const pageWeights = [];
    for (const route of PUBLIC_ROUTES) pageWeights.push(await measurePageWeight(server.url, route));
    if (large) {
      return { ...edits, pageWeights, lighthouse: await measureLighthouse(server.url, ['/gallery', '/eventsnews']) };
    }
    const builtSite = join(server.dataDir, 'site', 'current', 'public');
    const serving = await compareStaticServing(server.url, builtSite, ['/', '/gallery']);
    const apiContent = await loadTest(`${server.url}/api/content`, { connections: 32, seconds: 5 });
    const browser = await launchBrowser();
    const loginCls = await measureLoginCls(browser, server.url).finally(() => browser.close());
    return { ...edits, pageWeights, serving, apiContent, loginCls };
  } finally {
    await disposeServer(server);
  }
}

ensureSystemTools();
const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const small = await measureDataSet(false);
const large = await measureDataSet(true);
const goals = checkGoals({ small, large });
await mkdir('bench-results', { recursive: true });
await writeFile(
  'bench-results/latest.json',
  JSON.stringify({ date: new Date().toISOString(), small, large, goals }, null, 2),
);

const sideBySide = (figure: (set: DataSetFigures) => number | string) => ({
  small: figure(small),
  large: figure(large),
});
console.log(`\nSmall demo and large demo (seed:demo --large), side by side; ${EDITS} edits each`);
console.table({
  'edit to live p50 (ms)': sideBySide((s) => round(s.editToLive.p50)),
  'edit to live p95 (ms)': sideBySide((s) => round(s.editToLive.p95)),
  'POST /api/events answer p50 (ms)': sideBySide((s) => round(s.editToLive.postP50, 1)),
  'autosave request (bytes)': sideBySide((s) => s.typingBurst.requestBytes),
  'typing burst: builds': sideBySide((s) => s.typingBurst.builds),
  'typing burst: last text live (ms)': sideBySide((s) => round(s.typingBurst.lastTextLiveMs)),
  'visitors: non-200 or truncated': sideBySide((s) => s.availability.non200 + s.availability.truncated),
});
console.log('Page weight, compressed bytes (small | large)');
console.table(
  Object.fromEntries(
    small.pageWeights.map((w, i) => {
      const l = large.pageWeights[i]!;
      return [w.route, { 'html small': w.html, 'html large': l.html, css: l.css, 'js large': l.js }];
    }),
  ),
);
console.log('Lighthouse mobile performance, large demo: the median of 3 runs per page');
console.table(
  Object.fromEntries(
    (large.lighthouse ?? []).map((l) => [
      l.route,
      { score: l.performance, 'blocking ms': l.totalBlockingTimeMs, runs: l.runs.join(' '), error: l.error ?? '' },
    ]),
  ),
);
console.log('Static serving (small demo), 32 connections, median of 3 alternating 5 s rounds');
console.table(
  Object.fromEntries(
    (small.serving ?? []).map((s) => [
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
if (small.apiContent) {
  console.log('GET /api/content (small demo), 32 connections, 5 s');
  console.table({
    api: {
      'req/s': round(small.apiContent.requestsPerSecond),
      'p50 ms': round(small.apiContent.p50Ms, 2),
      'p99 ms': round(small.apiContent.p99Ms, 2),
      errors: small.apiContent.errors,
    },
  });
}
console.log('Login page layout shift, small demo (slow 4G, 4× slower CPU)');
console.table(Object.fromEntries((small.loginCls ?? []).map((l) => [l.viewport, { CLS: round(l.cls, 3) }])));
console.log('Goals');
console.table(goals.map((g) => ({ goal: g.goal, measured: g.measured, met: g.met ? 'yes' : 'NO' })));
if (goals.some((g) => !g.met)) process.exitCode = 1;
