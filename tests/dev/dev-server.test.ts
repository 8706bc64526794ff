/** `npm run dev`: Astro's dev server on the content in DATA_DIR, with the API beside it. */
import { expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';

const dev = testServer({ command: 'dev', admin: true });

const page = async (path: string) => {
  const response = await fetch(dev.url + path);
  return { status: response.status, html: await response.text() };
};

it('renders the pages from the demo content it put into an empty data folder', async () => {
  const content = await dev.call('GET', '/api/content');
  expect(content.status).toBe(200);
  expect(content.body.gallery.length).toBeGreaterThan(0);

  const gallery = await page('/gallery');
  expect(gallery.status).toBe(200);
  expect(gallery.html).toContain(content.body.gallery[0].caption);
});

it('serves the API beside the pages, and a page shows an edit on the next request', async () => {
  const title = `Dev server check ${Date.now()}`;
  const added = await dev.asAdmin('POST', '/api/news', { json: { title, description: 'Seen at once' } });
  expect(added.status).toBe(201);
  expect((await page('/eventsnews')).html).toContain(title);
});

it('renders the pages of each language under its address, as the published site does', async () => {
  const json = { languages: ['en', 'hi'], translations: { hi: { tagline: 'हर बच्चे को जाना जाता है।' } } };
  expect((await dev.asAdmin('PUT', '/api/settings', { json })).status).toBe(200);
  const hindi = await page('/hi/gallery');
  expect(hindi.status).toBe(200);
  expect(hindi.html).toMatch(/<html lang="hi"/);
  expect(hindi.html).toContain('हर बच्चे को जाना जाता है।');
  expect(hindi.html).toContain('href="/hi/eventsnews"');
  const english = await page('/gallery');
  expect(english.html).toMatch(/<html lang="en"/);
  expect(english.html).not.toContain('हर बच्चे को जाना जाता है।');
});
