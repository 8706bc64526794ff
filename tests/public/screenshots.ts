/**
 * Full-page screenshots of every public route at phone and desktop widths, to look at the site
 * as a visitor does: `node tests/public/screenshots.ts http://localhost:5000 /tmp/shots`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser } from '../support/browser.ts';
import { NOT_FOUND_ROUTE, PUBLIC_ROUTES, SITE_PAGES, VIEWPORTS } from './routes.ts';

const [base = 'http://localhost:5000', outDir = 'screenshots'] = process.argv.slice(2);
await mkdir(outDir, { recursive: true });
const browser = await launchBrowser();
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const page = await browser.newPage({ viewport });
  for (const route of [...PUBLIC_ROUTES, ...SITE_PAGES, NOT_FOUND_ROUTE]) {
    await page.goto(base + route, { waitUntil: 'networkidle' });
    const file = join(outDir, `${name}${route === '/' ? '-home' : route.replaceAll('/', '-')}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
