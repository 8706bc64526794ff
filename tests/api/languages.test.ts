/**
 * The site's languages (issue 34): `settings.languages` set and refused, and texts translated
 * beside the text they translate, answered in a language with `?lang=` by the public GETs, kept by
 * the writes that do not send them, and following the rules every write follows (roles, drafts,
 * 412 on a stale save, history and restore, the API's document).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { event, news } from '../support/fixtures.ts';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });

interface Item {
  _id: string;
  title: string;
  description: string;
  location?: string;
  status: string;
  updated?: { at: string };
  translations?: Record<string, Record<string, string>>;
}

const settings = async (query = '') => (await site.call('GET', `/api/settings${query}`)).body;
const setLanguages = (languages: unknown) => site.asAdmin('PUT', '/api/settings', { json: { languages } });
const byTitle = (items: Item[], title: string) => items.find((item) => item.title === title)!;
const allNews = async () => (await site.asAdmin<{ news: Item[] }>('GET', '/api/admin/content')).body.news;

const HINDI_NEWS = {
  title: 'खेल दिवस',
  description: 'मैदान पर दौड़ें',
};

describe('the languages setting', () => {
  it('is English alone on a fresh install, and set by an Administrator in canonical spelling', async () => {
    expect((await settings()).languages).toEqual(['en']);
    const set = await setLanguages(['EN', 'hi', 'es-mx']);
    expect(set.status).toBe(200);
    expect(set.body.languages).toEqual(['en', 'hi', 'es-MX']);
    expect((await setLanguages(['en', 'hi', 'ar'])).status).toBe(200);
  });

  it('refuses an unknown or malformed tag, a repeated one and an empty list with 400, changing nothing', async () => {
    const before = await settings();
    const refusals: [unknown, RegExp][] = [
      [['en', 'xx'], /"xx" is not a language tag this site knows/],
      [['en', 'en_GB'], /"en_GB" is not a language tag this site knows/],
      [['en', 'hi', 'HI'], /Each language may be listed once: hi is listed twice/],
      [[], /The site needs at least one language/],
      ['en', /The languages must be a list of BCP 47 tags/],
    ];
    for (const [languages, message] of refusals) {
      const answer = await setLanguages(languages);
      expect({ languages, status: answer.status }).toEqual({ languages, status: 400 });
      expect(answer.body.message).toMatch(message);
    }
    expect(await settings()).toEqual(before);
  });
});

describe('translations', () => {
  it('are stored beside the text, and answered in a language with ?lang, untranslated fields in the default', async () => {
    const added = await site.asAdmin<Item[]>('POST', '/api/news', {
      json: { ...news('Sports day'), translations: { hi: { title: HINDI_NEWS.title }, ar: { title: 'يوم الرياضة' } } },
    });
    expect(added.status).toBe(201);
    expect(byTitle(added.body, 'Sports day').translations).toEqual({
      hi: { title: HINDI_NEWS.title },
      ar: { title: 'يوم الرياضة' },
    });

    const inHindi = byTitle((await site.call<Item[]>('GET', '/api/news?lang=hi')).body, HINDI_NEWS.title);
    // `translated` names the fields answered in the language: the others are the default language's.
    expect(inHindi).toMatchObject({ title: HINDI_NEWS.title, description: 'About Sports day', translated: ['title'] });
    expect(inHindi).not.toHaveProperty('translations');
    // Without ?lang, the texts as stored, with their translations; the default language's tag alike.
    expect(byTitle((await site.call<Item[]>('GET', '/api/news')).body, 'Sports day').translations?.hi).toEqual({
      title: HINDI_NEWS.title,
    });
    const inEnglish = byTitle((await site.call<Item[]>('GET', '/api/news?lang=en')).body, 'Sports day');
    expect(inEnglish).not.toHaveProperty('translations');
    expect(inEnglish).not.toHaveProperty('translated');
  });

  it('reach every public GET: content, events, pages, alerts and settings', async () => {
    const translations = (fields: Record<string, string>) => ({ translations: { hi: fields } });
    expect(
      (
        await site.asAdmin('POST', '/api/events', {
          json: { ...event('Annual concert'), location: 'Main hall', ...translations({ title: 'वार्षिक संगीत समारोह' }) },
        })
      ).status,
    ).toBe(201);
    const page = await site.asAdmin('PUT', '/api/pages/admissions', {
      json: { title: 'Admissions', body: 'Apply in March.', ...translations({ body: 'मार्च में आवेदन करें।' }) },
    });
    expect(page.status).toBe(200);
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const alert = await site.asAdmin('POST', '/api/alerts', {
      json: {
        message: 'School closes at noon.',
        level: 'important',
        endsAt,
        ...translations({ message: 'स्कूल दोपहर में बंद होगा।' }),
      },
    });
    expect(alert.status).toBe(201);
    const changed = await site.asAdmin('PUT', '/api/settings', {
      json: { translations: { hi: { tagline: 'हर बच्चे को जाना जाता है।' } } },
    });
    expect(changed.status).toBe(200);
    expect(
      (await site.asAdmin('PATCH', '/api/content', { json: translations({ presidentMessage: 'नमस्ते' }) })).status,
    ).toBe(200);

    const events = (await site.call<Item[]>('GET', '/api/events?lang=hi')).body;
    expect(events.find((item) => item.location === 'Main hall')).toMatchObject({
      title: 'वार्षिक संगीत समारोह',
      description: 'About Annual concert',
    });
    const pages = (await site.call('GET', '/api/pages?lang=hi')).body;
    expect(pages.find((p: { slug: string }) => p.slug === 'admissions')).toEqual(
      expect.objectContaining({ title: 'Admissions', body: 'मार्च में आवेदन करें।' }),
    );
    const alerts = (await site.call('GET', '/api/alerts?lang=hi')).body;
    expect(alerts.map((a: { message: string }) => a.message)).toContain('स्कूल दोपहर में बंद होगा।');
    // /alerts.json, beside the pages, carries each notice's translations into the site's languages.
    await site.waitUntilLive();
    const listed = (await (await fetch(`${site.url}/alerts.json`)).json()) as { alerts: { translations?: unknown }[] };
    expect(listed.alerts.map((a) => a.translations)).toContainEqual({ hi: { message: 'स्कूल दोपहर में बंद होगा।' } });
    expect((await settings('?lang=hi')).tagline).toBe('हर बच्चे को जाना जाता है।');

    const content = (await site.call('GET', '/api/content?lang=hi')).body;
    expect(content.presidentMessage).toBe('नमस्ते');
    expect(content.settings.tagline).toBe('हर बच्चे को जाना जाता है।');
    expect(content.settings.address).toBe((await settings()).address);
    expect(byTitle(content.news, HINDI_NEWS.title).description).toBe('About Sports day');
    expect(content.pages.find((p: { slug: string }) => p.slug === 'admissions').body).toBe('मार्च में आवेदन करें।');
    expect(content.alerts.map((a: { message: string }) => a.message)).toContain('स्कूल दोपहर में बंद होगा।');
    expect(JSON.stringify(content)).not.toContain('"translations"');
    // The Arabic answer has no Hindi in it: each text is the default language's there.
    const arabic = (await site.call('GET', '/api/content?lang=ar')).body;
    expect(arabic.presidentMessage).not.toBe('नमस्ते');
    expect(arabic.settings.tagline).toBe((await settings()).tagline);
  });

  it('refuses ?lang that is not one of the site’s languages with 400', async () => {
    for (const path of ['/api/content', '/api/news', '/api/events', '/api/pages', '/api/alerts', '/api/settings']) {
      const answer = await site.call('GET', `${path}?lang=fr`);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body.message).toBe(`"fr" is not one of the site's languages (en, hi, ar)`);
    }
  });

  it('are kept by a save that sends none, replaced by one that sends them, and dropped when empty', async () => {
    const { _id } = byTitle(await allNews(), 'Sports day');
    const kept = await site.asAdmin<Item[]>('PUT', `/api/news/${_id}`, { json: news('Sports day') });
    expect(kept.status).toBe(200);
    expect(byTitle(kept.body, 'Sports day').translations?.hi).toEqual({ title: HINDI_NEWS.title });

    const replaced = await site.asAdmin<Item[]>('PUT', `/api/news/${_id}`, {
      json: { ...news('Sports day'), translations: { hi: HINDI_NEWS, ar: { title: '', description: '' } } },
    });
    expect(replaced.status).toBe(200);
    expect(byTitle(replaced.body, 'Sports day').translations).toEqual({ hi: HINDI_NEWS });
  });

  it('refuses a field that is not a text of the item, an unknown language and too long a text, saving nothing', async () => {
    const before = await allNews();
    const refusals: [unknown, RegExp][] = [
      [{ hi: { priority: 'high' } }, /Only title, description can be translated here \(not: priority\)/],
      [{ xx: { title: 'x' } }, /"xx" is not a language tag this site knows/],
      [{ hi: { title: 'x'.repeat(201) } }, /Title must be at most 200 characters/],
      [{ hi: 'खेल दिवस' }, /The translations of each language must be an object of texts/],
    ];
    for (const [translations, message] of refusals) {
      const answer = await site.asAdmin('POST', '/api/news', { json: { ...news('Refused'), translations } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(await allNews()).toEqual(before);
  });

  it('of a language removed stay stored, and show again when it is added back', async () => {
    expect((await setLanguages(['en', 'hi'])).status).toBe(200);
    expect((await site.call('GET', '/api/news?lang=ar')).status).toBe(400);
    expect(byTitle(await allNews(), 'Sports day').translations?.hi).toEqual(HINDI_NEWS);
    expect((await setLanguages(['en', 'hi', 'ar'])).status).toBe(200);
    expect((await site.call('GET', '/api/news?lang=hi')).status).toBe(200);
  });
});

describe('translations follow the rules of every write', () => {
  let contributor: string;
  beforeAll(async () => {
    const json = { username: 'ravi', password: 'ravi-password-1', role: 'contributor' };
    expect((await site.asAdmin('POST', '/api/admin/create', { json })).status).toBe(201);
    contributor = (await site.call('POST', '/api/admin/login', { json })).body.token;
  });

  it('a Contributor translates its own draft, and not a published item', async () => {
    const added = await site.call<Item[]>('POST', '/api/news', { token: contributor, json: news('Ravi draft') });
    expect(added.status).toBe(201);
    const draft = byTitle(added.body, 'Ravi draft');
    expect(draft.status).toBe('draft');
    const translated = await site.call<Item[]>('PUT', `/api/news/${draft._id}`, {
      token: contributor,
      json: { ...news('Ravi draft'), translations: { hi: { title: 'रवि का मसौदा' } } },
    });
    expect(translated.status).toBe(200);
    expect(byTitle(translated.body, 'Ravi draft').translations).toEqual({ hi: { title: 'रवि का मसौदा' } });
    // A draft is public in no language.
    expect(JSON.stringify((await site.call('GET', '/api/news?lang=hi')).body)).not.toContain('रवि का मसौदा');

    const published = byTitle(await allNews(), 'Sports day');
    const refused = await site.call('PUT', `/api/news/${published._id}`, {
      token: contributor,
      json: { ...news('Sports day'), translations: { hi: { title: 'बदला हुआ' } } },
    });
    expect(refused.status).toBe(403);
    expect(byTitle(await allNews(), 'Sports day').translations?.hi).toEqual(HINDI_NEWS);
  });

  it('a translation saved from a stale version is refused with 412 and saves nothing', async () => {
    const opened = byTitle(await allNews(), 'Sports day');
    const meanwhile = await site.asAdmin('PUT', `/api/news/${opened._id}`, {
      json: { ...news('Sports day'), version: opened.updated!.at },
    });
    expect(meanwhile.status).toBe(200);
    const stale = await site.asAdmin('PUT', `/api/news/${opened._id}`, {
      json: { ...news('Sports day'), translations: { hi: { title: 'पुराना' } }, version: opened.updated!.at },
    });
    expect(stale.status).toBe(412);
    expect(byTitle(await allNews(), 'Sports day').translations?.hi).toEqual(HINDI_NEWS);
  });

  it('a restore of an earlier version brings its translations back', async () => {
    // A change of another part ends the run of news edits that history keeps as one version.
    const tagline = 'Every child known, in every language.';
    expect((await site.asAdmin('PUT', '/api/settings', { json: { tagline } })).status).toBe(200);
    const history = async () =>
      (await site.asAdmin<{ version: number; summary: string }[]>('GET', '/api/admin/history')).body;
    await expect.poll(async () => (await history())[0]?.summary).toBe('Edited the settings');
    const [withTranslations] = await history();
    const { _id } = byTitle(await allNews(), 'Sports day');
    const cleared = await site.asAdmin('PUT', `/api/news/${_id}`, {
      json: { ...news('Sports day'), translations: {} },
    });
    expect(byTitle(cleared.body, 'Sports day').translations).toEqual({});
    const restored = await site.asAdmin('POST', `/api/admin/history/${withTranslations!.version}/restore`);
    expect(restored.status).toBe(200);
    expect(byTitle(await allNews(), 'Sports day').translations?.hi).toEqual(HINDI_NEWS);
  });

  it("is in the API's document: the ?lang of the public GETs and each object's translations", async () => {
    const document = (await site.call('GET', '/api/openapi.json')).body;
    for (const path of ['/api/content', '/api/news', '/api/events', '/api/circulars', '/api/pages', '/api/alerts']) {
      const names = (document.paths[path].get.parameters ?? []).map(
        (p: { name: string; in: string }) => `${p.in} ${p.name}`,
      );
      expect({ path, names }).toEqual({ path, names: expect.arrayContaining(['query lang']) });
    }
    expect(JSON.stringify(document.paths['/api/news'].post)).toContain('translations');
  });
});

describe('what is left to translate', () => {
  interface Gap {
    kind: string;
    id: string;
    field: string;
    state: 'missing' | 'outdated';
  }
  const gaps = async (language: string, token = site.token) =>
    (await site.call<Gap[]>('GET', `/api/admin/translations?lang=${language}`, { token })).body;
  const gapsOf = async (language: string, id: string) => (await gaps(language)).filter((gap) => gap.id === id);

  it('lists missing translations, and one whose default text changed after it was saved as outdated', async () => {
    const { _id } = byTitle(await allNews(), 'Sports day');
    expect(await gapsOf('hi', _id)).toEqual([]);
    expect(await gapsOf('ar', _id)).toEqual([
      { kind: 'news', id: _id, field: 'title', state: 'missing', name: 'Sports day' },
      { kind: 'news', id: _id, field: 'description', state: 'missing', name: 'Sports day' },
    ]);
    expect(await gaps('hi')).toEqual(
      expect.arrayContaining([{ kind: 'settings', id: 'settings', field: 'aboutIntro', state: 'missing' }]),
    );

    // The English title changes: its Hindi translation, saved before, is now outdated.
    const retitled = await site.asAdmin('PUT', `/api/news/${_id}`, {
      json: { title: 'Sports day 2026', description: 'About Sports day' },
    });
    expect(retitled.status).toBe(200);
    expect(await gapsOf('hi', _id)).toEqual([
      { kind: 'news', id: _id, field: 'title', state: 'outdated', name: 'Sports day 2026' },
    ]);

    // Translated again: nothing is left.
    const translated = await site.asAdmin('PUT', `/api/news/${_id}`, {
      json: {
        title: 'Sports day 2026',
        description: 'About Sports day',
        translations: { hi: { ...HINDI_NEWS, title: 'खेल दिवस 2026' } },
      },
    });
    expect(translated.status).toBe(200);
    expect(await gapsOf('hi', _id)).toEqual([]);
  });

  it('keeps the basis of translations to itself: no public answer carries it', async () => {
    const stored = (await allNews()).find((item) => item.title === 'Sports day 2026') as Item & {
      translationBasis?: unknown;
    };
    expect(stored.translationBasis).toBeDefined();
    expect(JSON.stringify((await site.call('GET', '/api/news')).body)).not.toContain('translationBasis');
    expect(JSON.stringify((await site.call('GET', '/api/content')).body)).not.toContain('translationBasis');
  });

  it('asks for one of the site’s other languages, and is for the roles that write content', async () => {
    for (const query of ['', '?lang=en', '?lang=fr']) {
      const answer = await site.asAdmin('GET', `/api/admin/translations${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
    expect((await site.call('GET', '/api/admin/translations?lang=hi')).status).toBe(401);
    const json = { username: 'olga', password: 'olga-password-1', role: 'office' };
    expect((await site.asAdmin('POST', '/api/admin/create', { json })).status).toBe(201);
    const office = (await site.call('POST', '/api/admin/login', { json })).body.token;
    expect((await site.call('GET', '/api/admin/translations?lang=hi', { token: office })).status).toBe(403);
  });
});

describe('the public pages’ own words', () => {
  it('come from the default language’s catalogue: a Hindi-first school’s menu is in Hindi', async () => {
    const home = async () => (await fetch(`${site.url}/`)).text();
    expect(await home()).toContain('>Events &amp; News<');
    expect((await setLanguages(['hi', 'en'])).status).toBe(200);
    await site.waitUntilLive();
    const hindi = await home();
    expect(hindi).toContain('>कार्यक्रम और समाचार<');
    expect(hindi).not.toContain('>Events &amp; News<');
    expect((await setLanguages(['en', 'hi', 'ar'])).status).toBe(200);
    await site.waitUntilLive();
    expect(await home()).toContain('>Events &amp; News<');
  });
});
