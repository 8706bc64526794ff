/**
 * The school's own pages: GET /api/pages and PUT /api/pages/{slug}, their Markdown on the public
 * page with nothing in it that runs, and the footer's /about and /news redirects.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_SLUGS } from '../../site/contract/pages.ts';
import { testServer } from '../support/harness.ts';
import { asPublic, changedBy, content, PUBLISHED } from './helpers.ts';

const site = testServer({ admin: true });

const putPage = (slug: string, json: unknown, token: string = site.token) =>
  site.call('PUT', `/api/pages/${slug}`, { token, json });
const pagesNow = async () => (await site.call('GET', '/api/pages')).body;
const visit = (path: string) => fetch(site.url + path, { redirect: 'manual' });

describe('GET /api/pages', () => {
  it('answers anyone every page with its slug, title and Markdown text', async () => {
    const answer = await site.call('GET', '/api/pages');
    expect(answer.status).toBe(200);
    expect(answer.body.map((page: { slug: string }) => page.slug)).toEqual([...PAGE_SLUGS]);
    for (const page of answer.body) {
      expect(Object.keys(page)).toEqual(['slug', 'title', 'body', 'status', 'publishAt']);
      expect(page).toMatchObject(PUBLISHED);
      expect(page.title.length, page.slug).toBeGreaterThan(0);
      expect(page.body.length, page.slug).toBeGreaterThan(200);
    }
    expect((await content(site.url)).pages).toEqual(answer.body);
  });

  it('has a privacy policy saying what is collected, why, who sees it and how to ask for deletion', async () => {
    const privacy = (await pagesNow()).find((page: { slug: string }) => page.slug === 'privacy');
    expect(privacy.body).toMatch(/alumni registration/i);
    expect(privacy.body).toMatch(/contact (form|messages)/i);
    expect(privacy.body).toMatch(/## Why we collect it/);
    expect(privacy.body).toMatch(/## Who sees it/);
    expect(privacy.body).toMatch(/delet/i);
  });
});

describe('PUT /api/pages/{slug}', () => {
  it('saves the title and text of a page and answers that page; the public page shows it', async () => {
    const answer = await putPage('admissions', {
      title: ' Admissions 2026-27 ',
      body: '## Apply by 31 January\n\n- Class 1\n- Class 11\n\n**Forms** at the [office](/contact).',
      slug: 'privacy',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      slug: 'admissions',
      title: 'Admissions 2026-27',
      body: '## Apply by 31 January\n\n- Class 1\n- Class 11\n\n**Forms** at the [office](/contact).',
      ...PUBLISHED,
      ...changedBy('admin'),
    });
    expect((await pagesNow())[0]).toEqual(asPublic(answer.body));
    expect((await pagesNow())[1].slug).toBe('privacy');

    await site.waitUntilLive();
    const html = await (await visit('/admissions')).text();
    expect(html).toContain('<title>Admissions 2026-27 | Sunridge Valley School</title>');
    expect(html).toContain('<h2>Apply by 31 January</h2>');
    expect(html).toContain('<li>Class 11</li>');
    expect(html).toContain('<strong>Forms</strong> at the <a href="/contact">office</a>.');
  });

  it('refuses a visitor without a token (401)', async () => {
    const before = await pagesNow();
    const answer = await putPage('privacy', { title: 'Hacked', body: 'x' }, '');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: expect.any(String) });
    expect(await pagesNow()).toEqual(before);
  });

  it('answers 404 for a page that does not exist, whatever the slug looks like', async () => {
    for (const slug of ['contact', 'Privacy', '__proto__', '..%2Fcontent.json', 'privacy%00', 'sitemap']) {
      const answer = await putPage(slug, { title: 'x', body: 'y' });
      expect({ slug, status: answer.status }).toEqual({ slug, status: 404 });
      expect(answer.body.message).toMatch(/There is no such page/);
    }
  });

  it('refuses a missing or bad title or text with 400, changing nothing', async () => {
    const before = await pagesNow();
    const cases: [unknown, RegExp][] = [
      [{ body: 'text' }, /title is required/],
      [{ title: '   ', body: 'text' }, /title is required/],
      [{ title: 7, body: 'text' }, /title must be text/],
      [{ title: 'x'.repeat(121), body: 'text' }, /title must be at most 120 characters/],
      [{ title: 'Privacy' }, /page text is required/],
      [{ title: 'Privacy', body: { html: '<b>' } }, /page text must be text/],
      [{ title: 'Privacy', body: 'x'.repeat(50_001) }, /page text must be at most 50000 characters/],
      [['Privacy'], /must be a JSON object/],
    ];
    for (const [body, message] of cases) {
      const answer = await putPage('privacy', body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.message).toMatch(message);
    }
    expect(await pagesNow()).toEqual(before);
  });

  it('renders raw HTML as text and drops script links: nothing in a page runs', async () => {
    const body = [
      '## Notice <script>alert("title")</script>',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">raw link</a>',
      '[a markdown link](javascript:alert(4)) and [another](JAVASCRIPT:alert(5)) and [data](data:text/html,<script>alert(6)</script>)',
      '<iframe src="https://evil.example"></iframe> <svg onload=alert(7)>',
      '[safe](https://www.cbse.gov.in)',
    ].join('\n\n');
    expect((await putPage('disclaimer', { title: 'Disclaimer <b>now</b>', body })).status).toBe(200);
    await site.waitUntilLive();
    const html = await (await visit('/disclaimer')).text();
    const article = /<article class="markdown">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
    expect(article).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(article).toContain('&lt;img src=x onerror=');
    expect(article).toContain('<a href="https://www.cbse.gov.in">safe</a>');
    // No element but the Markdown's own: no script, image, frame, svg, handler or script link.
    expect(article).not.toMatch(/<(script|img|iframe|svg)\b|<[a-z][^>]*\son\w+=|href="\s*(javascript|data|vbscript):/i);
    expect(html).toContain('Disclaimer &lt;b&gt;now&lt;/b&gt;');
    expect(html.match(/<script\b/g)?.length ?? 0).toBe(
      (await (await visit('/privacy')).text()).match(/<script\b/g)?.length ?? 0,
    );
  });
});

describe('the footer links that lead elsewhere', () => {
  it('redirects /about to the about page and /news to Events & News, permanently', async () => {
    for (const [from, to] of [
      ['/about', '/about/sunridge-valley-school'],
      ['/about/', '/about/sunridge-valley-school'],
      ['/news', '/eventsnews'],
    ]) {
      const answer = await visit(from!);
      expect({ from, permanent: [301, 308].includes(answer.status) }).toEqual({ from, permanent: true });
      expect(new URL(answer.headers.get('location')!, site.url).pathname).toBe(to);
      const followed = await fetch(site.url + from);
      expect(followed.status).toBe(200);
      expect(new URL(followed.url).pathname).toBe(to);
    }
  });

  it('answers every page of the footer and the sitemap, which lists them all', async () => {
    const sitemap = await (await visit('/sitemap')).text();
    for (const slug of PAGE_SLUGS) {
      expect((await visit(`/${slug}`)).status, slug).toBe(200);
      expect(sitemap, slug).toContain(`href="/${slug}"`);
    }
    for (const path of ['/', '/alumni', '/gallery', '/eventsnews', '/contact', '/about/leadership']) {
      expect(sitemap, path).toContain(`href="${path}"`);
    }
  });
});
