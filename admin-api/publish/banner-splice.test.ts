import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Alert } from '../../site/contract/alerts.ts';
import { BANNER_END, BANNER_START } from '../../site/lib/alert-banner.ts';
import { BannerSplicer } from './banner-splice.ts';

const previousDir = mkdtempSync(join(tmpdir(), 'banner-splice-'));
afterAll(() => rmSync(previousDir, { recursive: true, force: true }));

const notice = (id: string, showOn: Alert['showOn']): Alert => ({
  _id: id,
  message: `Notice ${id}`,
  level: 'emergency',
  startsAt: '2026-06-15T05:00:00Z',
  endsAt: '2026-06-15T09:00:00Z',
  showOn,
});
const page = (banner: string, body: string) =>
  `<html><body><a href="#main">Skip</a>${BANNER_START}${banner}${BANNER_END}<header>Menu</header><main>${body}</main></body></html>`;
const previousPage = (file: string, html: string) => {
  mkdirSync(dirname(join(previousDir, file)), { recursive: true });
  writeFileSync(join(previousDir, file), html);
};

it('puts the banner of a page rendered in full into the previous pages that show the same notices', () => {
  previousPage('/gallery/index.html', page('', 'Photos'));
  previousPage('/contact/index.html', page('<section>Old notice</section>', 'Write to us'));
  const splicer = new BannerSplicer([notice('a', 'all'), notice('b', 'home')], previousDir, ['en']);
  // Nothing rendered yet that shows what /gallery shows: it must be rendered.
  expect(splicer.splice('/gallery', '/gallery/index.html')).toBeNull();
  splicer.learn('/', page('<section>A and B</section>', 'Welcome'));
  expect(splicer.splice('/gallery', '/gallery/index.html')).toBeNull();
  splicer.learn('/about', page('<section>A</section>', 'About us'));
  expect(splicer.splice('/gallery', '/gallery/index.html')).toBe(page('<section>A</section>', 'Photos'));
  expect(splicer.splice('/contact', '/contact/index.html')).toBe(page('<section>A</section>', 'Write to us'));
});

it('leaves a page without a banner to be rendered', () => {
  previousPage('/plain/index.html', '<html><body>No banner here</body></html>');
  const splicer = new BannerSplicer([], previousDir, ['en']);
  splicer.learn('/about', page('', 'About us'));
  expect(splicer.splice('/plain', '/plain/index.html')).toBeNull();
});

it('puts into a page of a language the banner of a page of that language', () => {
  previousPage('/hi/gallery/index.html', page('', 'तस्वीरें'));
  const splicer = new BannerSplicer([notice('a', 'all'), notice('b', 'home')], previousDir, ['en', 'hi']);
  splicer.learn('/about', page('<section>A</section>', 'About us'));
  expect(splicer.splice('/hi/gallery', '/hi/gallery/index.html')).toBeNull();
  // The Hindi home page shows the notice of the home page too: not the same banner.
  splicer.learn('/hi/', page('<section>सूचना A और B</section>', 'स्वागत'));
  expect(splicer.splice('/hi/gallery', '/hi/gallery/index.html')).toBeNull();
  splicer.learn('/hi/about', page('<section>सूचना A</section>', 'हमारे बारे में'));
  expect(splicer.splice('/hi/gallery', '/hi/gallery/index.html')).toBe(page('<section>सूचना A</section>', 'तस्वीरें'));
});
