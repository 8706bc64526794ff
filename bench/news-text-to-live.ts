/**
 * Time from saving a news item's text (PUT /api/news/:id) to the public page serving it: the
 * newest news item's title, on /eventsnews; or, given a language, only its translation into that
 * language, on that language's page (/hi/eventsnews), the default language's text and the other
 * translations sent as they were. Side by side, the two tell what a site's other languages cost an
 * edit of one of them.
 */
import type { News } from '../site/contract/content.ts';
import { pathInLanguage } from '../site/lib/language-paths.ts';
import { call } from '../tests/support/api.ts';
import { type EditToLive, editToLive } from './edit-to-live.ts';
import { waitUntilSettled } from './settled.ts';

const LIVE_TIMEOUT_MS = 60_000;

/** A server, and the language whose text is saved (the default language's when none). */
export interface NewsTextSite {
  base: string;
  token: string;
  language?: string;
}

interface Sample {
  liveMs: number;
  postMs: number;
}

/**
 * The same edit on each site in turn, `edits` times: the sites share the machine's quiet and busy
 * moments alike, which on a shared machine differ more from one minute to the next than the sites
 * do. Each edit starts once every site is settled (its search index written too), as a person's
 * next edit does, so no site's background work is timed in another's edit.
 */
export async function measureNewsTextSideBySide(sites: NewsTextSite[], edits: number): Promise<EditToLive[]> {
  const editors = await Promise.all(sites.map(newsTextEditor));
  const samples: Sample[][] = sites.map(() => []);
  const allSettled = () => Promise.all(sites.map(({ base, token }) => waitUntilSettled(base, token, LIVE_TIMEOUT_MS)));
  for (let i = 0; i < edits; i++) {
    for (const [index, edit] of editors.entries()) {
      await allSettled();
      samples[index]!.push(await edit(i));
    }
  }
  // The last edits' builds ended well too.
  await allSettled();
  return samples.map((each) =>
    editToLive(
      each.map((sample) => sample.liveMs),
      each.map((sample) => sample.postMs),
    ),
  );
}

/** Saves the newest news item's text anew at each call, and times it to live. */
async function newsTextEditor({ base, token, language }: NewsTextSite): Promise<(i: number) => Promise<Sample>> {
  const languages = (await call<{ languages: string[] }>(base, 'GET', '/api/settings')).body.languages;
  const page = base + pathInLanguage('/eventsnews', language ?? languages[0]!, languages);
  // Without ?lang, the public list carries each item's translations.
  const newest = (await call<News[]>(base, 'GET', '/api/news')).body[0]!;
  const { _id, title, description, priority, publishDate, expiryDate, image, translations = {} } = newest;
  return async (i) => {
    const text = `Bench news ${Date.now()}-${i}`;
    const json = language
      ? { title, translations: { ...translations, [language]: { ...translations[language], title: text } } }
      : { title: text, translations };
    const started = performance.now();
    const answer = await call(base, 'PUT', `/api/news/${_id}`, {
      token,
      headers: { Prefer: 'return=minimal' },
      json: { ...json, description, priority, publishDate, expiryDate, image },
    });
    const postMs = performance.now() - started;
    if (answer.status !== 200) throw new Error(`edit refused: ${JSON.stringify(answer.body)}`);
    while (!(await (await fetch(page)).text()).includes(text)) {
      if (performance.now() - started > LIVE_TIMEOUT_MS) throw new Error(`"${text}" not live after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { liveMs: performance.now() - started, postMs };
  };
}
