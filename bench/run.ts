/**
 * `npm run bench`: starts the product on a temporary data folder with demo content and measures,
 * in one run: edit-to-live, a typing burst, static serving against nginx, page weight and API
 * latency, and the login page's layout shift on a slow phone. Prints a table and writes the figures to bench-results/latest.json.
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
import { checkGoals } from './goals.ts';
import { measureLoginCls } from './login-cls.ts';
import { measurePageWeight } from './page-weight.ts';
import { compareStaticServing } from './static-serving.ts';
import { ensureSystemTools } from './system-tools.ts';
import { measureTypingBurst } from './typing-burst.ts';
import { loadTest } from './wrk.ts';

const EDITS = Number(process.env.BENCH_EDITS ?? 15);

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

/** A temporary data folder filled by npm run seed:demo. */
async function demoDataFolders() {
  const base = await mkdtemp(join(tmpdir(), 'school-bench-'));
  const folders = { dataDir: join(base, 'data'), uploadsDir: join(base, 'uploads') };
  execFileSync(process.execPath, ['admin-api/seed-demo.ts'], {
    env: { ...process.env, PORT: '0', DATA_DIR: folders.dataDir, UPLOADS_DIR: folders.uploadsDir },
    stdio: 'inherit',
  });
  return folders;
}

ensureSystemTools();
const server = await startServer(await demoDataFolders());
const round = (n: number, digits = 0) => Number(n.toFixed(digits));
try {
  const token = await setupAndLogin(server.url);
  await waitUntilLive(server.url, token);

  const { editToLive, typingBurst, availability } = await measureEdits(server.url, token);

  const builtSite = join(server.dataDir, 'site', 'current', 'public');
  const serving = await compareStaticServing(server.url, builtSite, ['/', '/gallery']);
  const pageWeights = [];
  for (const route of PUBLIC_ROUTES) pageWeights.push(await measurePageWeight(server.url, route));
  const apiContent = await loadTest(`${server.url}/api/content`, { connections: 32, seconds: 5 });

  const browser = await launchBrowser();
  const loginCls = await measureLoginCls(browser, server.url).finally(() => browser.close());

  const figures = { editToLive, typingBurst, availability, serving, pageWeights, apiContent, loginCls };
  const goals = checkGoals(figures);
  const results = { date: new Date().toISOString(), ...figures, goals };
  await mkdir('bench-results', { recursive: true });
  await writeFile('bench-results/latest.json', JSON.stringify(results, null, 2));

  console.log('\nEdit to live (POST /api/events until /eventsnews shows it)');
  console.table({ ms: { edits: EDITS, p50: round(editToLive.p50), p95: round(editToLive.p95) } });
  console.log('Typing burst (40 PUT /api/content in 4 s)');
  console.table({
    burst: { builds: typingBurst.builds, 'last text live after last answer (ms)': round(typingBurst.lastTextLiveMs) },
  });
  console.log('Visitors during the edits');
  console.table({ pages: availability });
  console.log('Static serving, 32 connections, median of 3 alternating 5 s rounds');
  console.table(
    Object.fromEntries(
      serving.map((s) => [
        s.route,
        {
          'product req/s': round(s.product.requestsPerSecond),
          'nginx req/s': round(s.nginx.requestsPerSecond),
          'product/nginx': round(s.ratio, 2),
          'product p99 ms': round(s.product.p99Ms, 2),
          'nginx p99 ms': round(s.nginx.p99Ms, 2),
          errors: s.product.errors + s.nginx.errors,
        },
      ]),
    ),
  );
  console.log('Page weight, compressed bytes');
  console.table(Object.fromEntries(pageWeights.map((w) => [w.route, { html: w.html, css: w.css, js: w.js }])));
  console.log('GET /api/content, 32 connections, 5 s');
  console.table({
    api: {
      'req/s': round(apiContent.requestsPerSecond),
      'p50 ms': round(apiContent.p50Ms, 2),
      'p99 ms': round(apiContent.p99Ms, 2),
      errors: apiContent.errors,
    },
  });
  console.log('Login page layout shift (slow 4G, 4× slower CPU)');
  console.table(Object.fromEntries(loginCls.map((l) => [l.viewport, { CLS: round(l.cls, 3) }])));
  console.log('Goals');
  console.table(goals.map((g) => ({ goal: g.goal, measured: g.measured, met: g.met ? 'yes' : 'NO' })));
  if (goals.some((g) => !g.met)) process.exitCode = 1;
} finally {
  await disposeServer(server);
}
