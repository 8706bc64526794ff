/**
 * `npm run seed:demo -- --languages`: the demo in English, Hindi and Arabic, its `/hi/` and `/ar/`
 * pages in those languages, nothing left to translate and nothing to fix.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { setupAndLogin } from '../support/api.ts';
import { testServer } from '../support/harness.ts';

const run = promisify(execFile);
const site = testServer({ start: false });

it('writes the demo in Hindi and Arabic: the pages of each language read it, and nothing is left to translate', async () => {
  const { stdout } = await run(process.execPath, ['admin-api/seed-demo.ts', '--languages'], {
    env: { ...process.env, DATA_DIR: site.dataDir, UPLOADS_DIR: site.uploadsDir, PORT: '0' },
  });
  expect(stdout).toMatch(/in English, Hindi and Arabic\./);

  await site.start();
  expect((await site.call('GET', '/api/settings')).body.languages).toEqual(['en', 'hi', 'ar']);
  const page = async (path: string) => (await fetch(site.url + path)).text();
  expect(await page('/hi/')).toContain('हर बच्चे को जाना-पहचाना जाता है');
  expect(await page('/hi/eventsnews')).toContain('चुनाव के कारण सोमवार को विद्यालय बंद रहेगा');
  expect(await page('/ar/')).toContain('نعرف فيها كل طفل');
  expect(await page('/ar/eventsnews')).toContain('المدرسة مغلقة يوم الاثنين بسبب الانتخابات');
  expect(await page('/hi/gallery')).toContain('अंतर-सदन फ़ुटबॉल फ़ाइनल');
  expect(await page('/ar/about/leadership')).toContain('يشرفني أن أرحب بكم في مدرستنا');
  // The English pages stay the demo's English.
  expect(await page('/eventsnews')).toContain('School closed on Monday for elections');

  const token = await setupAndLogin(site.url);
  for (const language of ['hi', 'ar']) {
    expect((await site.call('GET', `/api/admin/translations?lang=${language}`, { token })).body).toEqual([]);
  }
  expect((await site.call('GET', '/api/admin/accessibility', { token })).body).toEqual([]);
  await site.server.stop();
});
