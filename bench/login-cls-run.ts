/** `npm run bench:login-cls`: the login page's layout shift alone, on a fresh install and once an administrator exists. */
import { setupAndLogin } from '../tests/support/api.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { disposeServer, startServer } from '../tests/support/server.ts';
import { measureLoginCls } from './login-cls.ts';

const server = await startServer();
const browser = await launchBrowser();
try {
  const fresh = await measureLoginCls(browser, server.url);
  await setupAndLogin(server.url);
  const everyday = await measureLoginCls(browser, server.url);
  console.log('Login page CLS (slow 4G, 4× slower CPU)');
  console.table([
    ...fresh.map((l) => ({ page: '/admin, fresh install', viewport: l.viewport, CLS: Number(l.cls.toFixed(3)) })),
    ...everyday.map((l) => ({
      page: '/admin, administrator exists',
      viewport: l.viewport,
      CLS: Number(l.cls.toFixed(3)),
    })),
  ]);
  if ([...fresh, ...everyday].some((l) => l.cls >= 0.1)) process.exitCode = 1;
} finally {
  await browser.close();
  await disposeServer(server);
}
