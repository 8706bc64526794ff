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
/** The page at `path` of the previous build, which linked `links`, with the new banner; null when it must be rendered. */
const spliced = (splicer: BannerSplicer, path: string, links: string[] = ['/old-links']) => {
  const page = splicer.splice(path, `${path}/index.html`, links);
  return page && { html: page.spliced.toString(), links: page.links };
};
const previousPage = (file: string, html: string) => {
  mkdirSync(dirname(join(previousDir, file)), { recursive: true });
  writeFileSync(join(previousDir, file), html);
};

it('puts the banner of a page rendered in full into the previous pages that show the same notices', () => {
  previousPage('/gallery/index.html', page('', 'Photos'));
  previousPage('/contact/index.html', page('<section>Old notice</section>', 'Write to us'));
  const splicer = new BannerSplicer([notice('a', 'all'), notice('b', 'home')], previousDir, ['en']);
  // Nothing rendered yet that shows what /gallery shows: it must be rendered.
  expect(spliced(splicer, '/gallery')).toBeNull();
  splicer.learn('/', page('<section>A and B</section>', 'Welcome'));
  expect(spliced(splicer, '/gallery')).toBeNull();
  splicer.learn('/about', page('<section>A</section>', 'About us'));
  expect(spliced(splicer, '/gallery')).toEqual({ html: page('<section>A</section>', 'Photos'), links: ['/old-links'] });
  expect(spliced(splicer, '/contact')).toEqual({
    html: page('<section>A</section>', 'Write to us'),
    links: ['/old-links'],
  });
});

it('leaves a page without a banner to be rendered', () => {
  previousPage('/plain/index.html', '<html><body>No banner here</body></html>');
  const splicer = new BannerSplicer([], previousDir, ['en']);
  splicer.learn('/about', page('', 'About us'));
  expect(spliced(splicer, '/plain')).toBeNull();
});

it('puts into a page of a language the banner of a page of that language', () => {
  previousPage('/hi/gallery/index.html', page('', 'तस्वीरें'));
  const splicer = new BannerSplicer([notice('a', 'all'), notice('b', 'home')], previousDir, ['en', 'hi']);
  splicer.learn('/about', page('<section>A</section>', 'About us'));
  expect(spliced(splicer, '/hi/gallery')).toBeNull();
  // The Hindi home page shows the notice of the home page too: not the same banner.
  splicer.learn('/hi/', page('<section>सूचना A और B</section>', 'स्वागत'));
  expect(spliced(splicer, '/hi/gallery')).toBeNull();
  splicer.learn('/hi/about', page('<section>सूचना A</section>', 'हमारे बारे में'));
  expect(spliced(splicer, '/hi/gallery')).toEqual({
    html: page('<section>सूचना A</section>', 'तस्वीरें'),
    links: ['/old-links'],
  });
});

it('finds the links of a page anew when its new or its old banner links a page', () => {
  const linking = '<section><a href="/notices/closure">Read the notice</a></section>';
  previousPage('/staff/index.html', page('', '<a href="/contact">Write</a>'));
  previousPage('/events/index.html', page(linking, '<a href="/gallery">Photos</a>'));
  const splicer = new BannerSplicer([notice('a', 'all')], previousDir, ['en']);
  splicer.learn('/about', page(linking, 'About us'));
  expect(spliced(splicer, '/staff')?.links).toEqual(['/notices/closure', '/contact']);

  const plain = new BannerSplicer([notice('a', 'all')], previousDir, ['en']);
  plain.learn('/about', page('<section>A</section>', 'About us'));
  expect(spliced(plain, '/events')).toEqual({
    html: page('<section>A</section>', '<a href="/gallery">Photos</a>'),
    links: ['/gallery'],
  });
});
