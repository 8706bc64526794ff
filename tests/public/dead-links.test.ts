/**
 * No dead links on a fresh install: starting from the home page, every same-site link and file
 * of every page reached is followed (redirects too), and none answers an error.
 */
import { expect, it } from 'vitest';
import { PAGE_SLUGS } from '../../site/contract/pages.ts';
import { testServer } from '../support/harness.ts';
import { PUBLIC_ROUTES, SITE_PAGES } from './routes.ts';

const site = testServer();

/** Same-site addresses in a page's links and files, without fragments. */
function sameSiteAddresses(html: string): string[] {
  const found = Array.from(html.matchAll(/\s(?:href|src)="([^"]*)"/g), (match) => match[1]!.replaceAll('&amp;', '&'));
  return found.filter((address) => address.startsWith('/') && !address.startsWith('//')).map((a) => a.split('#')[0]!);
}

it('finds no link answering an error, following every link from the home page', async () => {
  const queue = [{ path: '/', from: '(start)' }];
  const seen = new Set(['/']);
  const broken: { path: string; from: string; status: number }[] = [];
  const pages: string[] = [];
  const redirects: string[] = [];
  while (queue.length > 0) {
    const { path, from } = queue.shift()!;
    const answer = await fetch(site.url + path, { redirect: 'manual' });
    const links: string[] = [];
    if (answer.status >= 300 && answer.status < 400) {
      redirects.push(path);
      links.push(new URL(answer.headers.get('location')!, site.url + path).pathname);
    } else if (answer.status >= 400) {
      broken.push({ path, from, status: answer.status });
    } else if (answer.headers.get('content-type')?.startsWith('text/html')) {
      pages.push(path);
      links.push(...sameSiteAddresses(await answer.text()));
    }
    if (!answer.bodyUsed) await answer.body?.cancel();
    for (const link of links) {
      if (link === '' || seen.has(link)) continue;
      seen.add(link);
      queue.push({ path: link, from: path });
    }
  }

  expect(broken).toEqual([]);
  expect(pages).toEqual(expect.arrayContaining([...PUBLIC_ROUTES, ...SITE_PAGES]));
  expect(pages).toEqual(expect.arrayContaining(PAGE_SLUGS.map((slug) => `/${slug}`)));
  expect(redirects).toEqual(expect.arrayContaining(['/about', '/news']));
});
