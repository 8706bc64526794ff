/**
 * Pages per language (issue 34): with the site's languages set to English, Hindi and Arabic, every
 * public page has a Hindi and an Arabic copy under /hi and /ar, with its texts in that language
 * where translated, the interface's words from that language's catalogue, `lang` and `dir`, links
 * that stay in the language, its own canonical address and the reciprocal alternates of every
 * language; the English pages keep their addresses. An edit of a translation goes live there.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../../site/i18n/messages/ar.json' with { type: 'json' };
import hi from '../../site/i18n/messages/hi.json' with { type: 'json' };
import { defaultPath, languageOfPath, pathInLanguage } from '../../site/lib/language-paths.ts';
import { crawlPages } from '../support/crawl-pages.ts';
import { circular, event, news } from '../support/fixtures.ts';
import { testServer } from '../support/harness.ts';
import { languageProblems } from '../support/language-checks.ts';
import { bucketSynced, testBucket } from '../support/test-bucket.ts';

const LANGUAGES = ['en', 'hi', 'ar'];
const bucket = testBucket();
const site = testServer({ admin: true, env: bucket.env });
const page = async (path: string) => {
  const answer = await fetch(site.url + path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return answer.text();
};
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
/** The `<link rel="alternate" hreflang>` of a page, by language. */
const alternates = (html: string) =>
  Object.fromEntries(
    Array.from(html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g), (match) => [
      match[1],
      match[2],
    ]),
  );
const canonical = (html: string) => attribute(html, /<link rel="canonical" href="([^"]+)"/);
/** The site's public address (SITE_URL) that its pages name themselves by. */
const siteOrigin = async () => new URL(canonical(await page('/'))!).origin;
/** The page addresses a page links to, but for the links that name their language (the switcher). */
const pageLinks = (html: string) =>
  Array.from(html.matchAll(/<a\b([^>]*)>/g), (match) => match[1]!)
    .filter((attributes) => !attributes.includes('hreflang='))
    .map((attributes) => attribute(attributes, /href="(\/[^"]*)"/))
    .filter((href): href is string => href !== undefined && !/^\/(api|images|documents)\/|\.[a-z]+$/.test(href));

beforeAll(async () => {
  expect((await site.asAdmin('PUT', '/api/settings', { json: { languages: LANGUAGES } })).status).toBe(200);
  const translated = { translations: { hi: { title: 'खेल दिवस', description: 'मैदान पर दौड़ें' } } };
  expect((await site.asAdmin('POST', '/api/news', { json: { ...news('Sports day'), ...translated } })).status).toBe(
    201,
  );
  const concert = { translations: { ar: { title: 'الحفل الموسيقي السنوي' }, hi: { title: 'वार्षिक संगीत समारोह' } } };
  expect((await site.asAdmin('POST', '/api/events', { json: { ...event('Annual concert'), ...concert } })).status).toBe(
    201,
  );
  const privacy = {
    title: 'Privacy',
    body: 'How we use your details.',
    translations: { ar: { body: 'كيف نستخدم بياناتك.' } },
  };
  expect((await site.asAdmin('PUT', '/api/pages/privacy', { json: privacy })).status).toBe(200);
  expect((await site.asAdmin('POST', '/api/circulars', { json: circular('School fees') })).status).toBe(201);
  const settings = { translations: { hi: { tagline: 'हर बच्चे को जाना जाता है।' } } };
  expect((await site.asAdmin('PUT', '/api/settings', { json: settings })).status).toBe(200);
  await site.waitUntilLive();
});

describe('the pages of a language', () => {
  it('are the pages under /<tag>, in that language, with its words, lang and direction', async () => {
    const hindi = await page('/hi/');
    expect(attribute(hindi, /<html lang="([^"]+)"/)).toBe('hi');
    expect(hindi).not.toMatch(/<html[^>]* dir=/);
    expect(hindi).toContain('हर बच्चे को जाना जाता है।');
    expect(hindi).toContain('>कार्यक्रम और समाचार<');

    const arabic = await page('/ar/');
    expect(arabic).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic).toContain('>الفعاليات والأخبار<');
    // Untranslated into Arabic: the tagline is the default language's.
    expect(arabic).toContain((await site.call('GET', '/api/settings')).body.tagline);

    const english = await page('/');
    expect(english).toMatch(/<html lang="en">/);
    expect(english).not.toContain('हर बच्चे को जाना जाता है।');

    const newsInHindi = await page('/hi/eventsnews');
    expect(newsInHindi).toContain('खेल दिवस');
    expect(newsInHindi).toContain('वार्षिक संगीत समारोह');
    expect(await page('/ar/eventsnews')).toContain('الحفل الموسيقي السنوي');
    expect(await page('/ar/privacy')).toContain('كيف نستخدم بياناتك.');
    const englishNews = await page('/eventsnews');
    expect(englishNews).not.toContain('खेल दिवस');
    expect(englishNews).toContain('Annual concert');
  });

  it('are in the bucket too, each with its texts, lang and direction', async () => {
    await bucketSynced(site);
    const text = async (key: string) => (await bucket.object(key))?.text ?? `${key} is not in the bucket`;
    expect(await text('hi/eventsnews/index.html')).toContain('खेल दिवस');
    expect(await text('hi/eventsnews/index.html')).toContain('वार्षिक संगीत समारोह');
    const arabicEvents = await text('ar/eventsnews/index.html');
    expect(arabicEvents).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabicEvents).toContain('الحفل الموسيقي السنوي');
    expect(await text('ar/privacy/index.html')).toContain('كيف نستخدم بياناتك.');
    expect(await text('eventsnews/index.html')).not.toContain('الحفل الموسيقي السنوي');
    // Each language's not-found page, for a host that can answer a missing file under /hi/ with it.
    expect(await text('hi/404.html')).toContain(`<h1>${hi['notFound.title']}</h1>`);
  });

  it('link within their language, and offer every language with a link to the same page', async () => {
    const hindi = await page('/hi/eventsnews');
    const links = pageLinks(hindi);
    expect(links).toContain('/hi/gallery');
    expect(links.filter((href) => !href.startsWith('/hi/'))).toEqual([]);
    const switcher = Array.from(hindi.matchAll(/<a href="([^"]+)" lang="([^"]+)" hreflang="[^"]+"/g), (m) => [
      m[2],
      m[1],
    ]);
    expect(Object.fromEntries(switcher)).toEqual({ en: '/eventsnews', hi: '/hi/eventsnews', ar: '/ar/eventsnews' });
    expect(hindi).toContain('>हिन्दी</a>');
    expect(hindi).toContain('>العربية</a>');
  });

  it('each name itself canonical, and all of them each other as alternates, x-default the default', async () => {
    const origin = await siteOrigin();
    const expected = {
      en: `${origin}/gallery`,
      hi: `${origin}/hi/gallery`,
      ar: `${origin}/ar/gallery`,
      'x-default': `${origin}/gallery`,
    };
    for (const [tag, path] of [
      ['en', '/gallery'],
      ['hi', '/hi/gallery'],
      ['ar', '/ar/gallery'],
    ] as const) {
      const html = await page(path);
      expect({ path, canonical: canonical(html) }).toEqual({ path, canonical: expected[tag] });
      expect({ path, alternates: alternates(html) }).toEqual({ path, alternates: expected });
      const webPage = Array.from(html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g), (m) =>
        JSON.parse(m[1]!),
      ).find((data) => data['@type'] === 'WebPage');
      expect({ path, url: webPage.url, inLanguage: webPage.inLanguage }).toEqual({
        path,
        url: expected[tag],
        inLanguage: tag,
      });
    }
  });

  it('are in the sitemap, each address with its page’s address in every language', async () => {
    const origin = await siteOrigin();
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = Array.from(
      sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g),
      (m) => [m[1]!, m[2]!] as const,
    );
    const locs = entries.map(([loc]) => loc);
    expect(locs).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/hi/`, `${origin}/ar/gallery`]));
    const [, links] = entries.find(([loc]) => loc === `${origin}/hi/gallery`)!;
    expect(
      Object.fromEntries(Array.from(links.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g), (m) => [m[1], m[2]])),
    ).toEqual({
      en: `${origin}/gallery`,
      hi: `${origin}/hi/gallery`,
      ar: `${origin}/ar/gallery`,
      'x-default': `${origin}/gallery`,
    });
  });

  it('are every page a visitor reaches from the home page of the language, each with its lang, direction, canonical and alternates', async () => {
    const origin = await siteOrigin();
    const crawled = await crawlPages(site.url);
    const inLanguage = (tag: string) =>
      [...crawled.keys()].filter((path) => path === `/${tag}/` || path.startsWith(`/${tag}/`));
    const english = [...crawled.keys()].filter((path) => !/^\/(hi|ar)(\/|$)/.test(path));
    expect(inLanguage('hi').length).toBe(english.length);
    expect(inLanguage('ar').length).toBe(english.length);
    const pages = new Map<string, string>();
    for (const [path, html] of crawled) {
      // A moved address (/about, /news) moves within the language.
      const answer = await fetch(site.url + path, { redirect: 'manual' });
      if (answer.status !== 301) pages.set(path, html);
      else
        expect({ path, to: answer.headers.get('location') }).toEqual({
          path,
          to: pathInLanguage(
            defaultPath(answer.headers.get('location')!, LANGUAGES),
            languageOfPath(path, LANGUAGES) ?? 'en',
            LANGUAGES,
          ),
        });
    }
    expect(languageProblems(pages, origin, LANGUAGES)).toEqual([]);
  });

  it('show a new translation within the usual time of an edit, rendering only that language’s pages', async () => {
    const { _id } = (await site.asAdmin('GET', '/api/admin/content')).body.news.find(
      (item: { title: string }) => item.title === 'Sports day',
    );
    const built = (path: string) => join(site.dataDir, 'site', 'current', 'public', path);
    const files = ['eventsnews', 'ar/eventsnews', 'hi/eventsnews', 'hi/gallery'].map((path) =>
      join(path, 'index.html'),
    );
    files.push('rss.xml');
    const before = await Promise.all(files.map((path) => stat(built(path))));
    const json = { ...news('Sports day'), translations: { hi: { title: 'वार्षिक खेल दिवस' } } };
    expect((await site.asAdmin('PUT', `/api/news/${_id}`, { json })).status).toBe(200);
    await site.waitUntilLive();
    expect(await page('/hi/eventsnews')).toContain('वार्षिक खेल दिवस');
    // A file the new build took from the previous one is the same file (carry-over.ts).
    const after = await Promise.all(files.map((path) => stat(built(path))));
    const kept = Object.fromEntries(files.map((path, n) => [path, after[n]!.ino === before[n]!.ino]));
    expect(kept).toEqual({
      'eventsnews/index.html': true,
      'ar/eventsnews/index.html': true,
      'hi/eventsnews/index.html': false,
      'hi/gallery/index.html': true,
      'rss.xml': true,
    });
  });
  it('show an urgent notice in each page’s language, a change of one language’s text only on its pages', async () => {
    const built = (path: string) => join(site.dataDir, 'site', 'current', 'public', path, 'index.html');
    const [startsAt, endsAt] = [Date.now() - 60_000, Date.now() + 3_600_000].map((at) => new Date(at).toISOString());
    const message = (hindi: string) => ({
      message: 'The school closes at noon today.',
      level: 'important',
      startsAt,
      endsAt,
      translations: { hi: { message: hindi } },
    });
    const posted = await site.asAdmin('POST', '/api/alerts', { json: message('आज स्कूल दोपहर में बंद होगा।') });
    expect(posted.status).toBe(201);
    await site.waitUntilLive();
    expect(await page('/hi/gallery')).toContain('आज स्कूल दोपहर में बंद होगा।');
    expect(await page('/ar/gallery')).toContain('The school closes at noon today.');
    expect(await page('/gallery')).toContain('The school closes at noon today.');

    const before = await Promise.all(['gallery', 'ar/gallery'].map((path) => stat(built(path))));
    // The answer is the list as stored.
    const { _id } = posted.body.find((alert: { message: string }) => alert.message === message('').message);
    const changed = await site.asAdmin('PUT', `/api/alerts/${_id}`, { json: message('आज स्कूल 12 बजे बंद होगा।') });
    expect(changed.status).toBe(200);
    await site.waitUntilLive();
    for (const path of ['/hi/gallery', '/hi/', '/hi/eventsnews'])
      expect(await page(path)).toContain('आज स्कूल 12 बजे बंद होगा।');
    const after = await Promise.all(['gallery', 'ar/gallery'].map((path) => stat(built(path))));
    expect(after.map((file, n) => file.ino === before[n]!.ino)).toEqual([true, true]);
  });
});

describe('the words of a language', () => {
  it('are the islands’ words and the dates in that language, English on the English pages', async () => {
    const hindi = await page('/hi/eventsnews');
    expect(hindi).toContain(`>${hi['eventsNews.news']}</button>`);
    expect(hindi).toContain(`>${hi['eventsNews.events']}</button>`);
    // The event on 10 February 2031 in its date block, with Hindi's month.
    expect(hindi).toContain('<span class="date-block-month">फ़र॰</span>');
    expect(await page('/ar/eventsnews')).toContain('<span class="date-block-month">فبراير</span>');
    const english = await page('/eventsnews');
    expect(english).toContain('>News</button>');
    expect(english).toContain('<span class="date-block-month">Feb</span>');

    expect(await page('/hi/notifications-circular')).toContain(hi['circulars.issued'].replace('{date}', '1 जून 2026'));
    expect(await page('/notifications-circular')).toContain('Issued on 1 June 2026');

    expect(await page('/hi/about/leadership')).toMatch(/<h2[^>]*>प्रधानाध्यापिका<\/h2>/);
    expect(await page('/about/leadership')).toMatch(/<h2[^>]*>Headmistress<\/h2>/);

    const contact = await page('/ar/contact');
    expect(contact).toContain(`>${ar['contactForm.send']}</button>`);
    expect(contact).toContain(`>${ar['form.name']}<span class="required-mark"`);
    expect(await page('/contact')).toContain('>Send Message</button>');
  });

  it('mark a text shown in the default language, untranslated, with the default language’s lang', async () => {
    const hindi = await page('/hi/eventsnews');
    // Translated into Hindi: the news item's title and the concert's title, not the concert's description.
    expect(hindi).toMatch(/<h3 class="item-title"><button[^>]*>[^<]*खेल दिवस</);
    expect(hindi).toMatch(/<h3 class="item-title"><button[^>]*>वार्षिक संगीत समारोह</);
    expect(hindi).toContain('<p class="item-preview" lang="en">About Annual concert</p>');
    expect(await page('/ar/eventsnews')).toMatch(/<h3 class="item-title" lang="en"><button[^>]*>Sports day</);
    expect(await page('/ar/privacy')).toMatch(/<h1 lang="en">Privacy<\/h1>[\s\S]*<article class="markdown">/);
    const arabicHome = await page('/ar/');
    expect(arabicHome).toMatch(/<span class="brand-name" lang="en">/);
    // A list of the school details (the office hours in the footer) untranslated, as a whole.
    expect(arabicHome).toMatch(/<dl class="office-hours" lang="en"/);
    expect(await page('/ar/academic-corner')).toMatch(/<ul class="card-grid programs" lang="en"/);
    expect(await page('/hi/')).toMatch(/<p class="lead"[^>]*>हर बच्चे को जाना जाता है।<\/p>/);
    expect(arabicHome).toMatch(/<p class="lead" lang="en"[^>]*>[^<]+<\/p>/);
    // On the default language's pages nothing is marked.
    expect(await page('/eventsnews')).not.toMatch(/<(h3|p) class="item-[a-z]+" lang=/);
  });

  it('answer an unknown address with the not-found page of its language, status 404', async () => {
    for (const [path, language, title] of [
      ['/hi/no-such-page', 'hi', hi['notFound.title']],
      ['/ar/eventsnews/no/such/page', 'ar', ar['notFound.title']],
      ['/no-such-page', 'en', 'Page not found'],
    ] as const) {
      const answer = await fetch(site.url + path);
      const html = await answer.text();
      expect({ path, status: answer.status, lang: attribute(html, /<html lang="([^"]+)"/) }).toEqual({
        path,
        status: 404,
        lang: language,
      });
      expect(html, path).toContain(`<h1>${title}</h1>`);
    }
    // Its links stay in the language.
    expect(await (await fetch(`${site.url}/hi/no-such-page`)).text()).toContain('href="/hi/eventsnews"');
  });
});
