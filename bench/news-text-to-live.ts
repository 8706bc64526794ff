/**
 * Time from saving a news item's text (PUT /api/news/:id) to the public page serving it: the
 * newest news item's title, on /eventsnews; or, given a language, only its translation into that
 * language, on that language's page (/hi/eventsnews), the default language's text and the other
 * translations sent as they were. Side by side, the two tell what a site's other languages cost an
 * edit of one of them.
 */
import type { News } from '../site/contract/content.ts';
import { pathInLanguage } from '../site/lib/language-paths.ts';
import { call, waitUntilLive } from '../tests/support/api.ts';
import { type EditToLive, percentile } from './edit-to-live.ts';

const LIVE_TIMEOUT_MS = 60_000;

export async function measureNewsTextToLive(
  base: string,
  token: string,
  edits: number,
  language?: string,
): Promise<EditToLive> {
  const languages = (await call<{ languages: string[] }>(base, 'GET', '/api/settings')).body.languages;
  const page = base + pathInLanguage('/eventsnews', language ?? languages[0]!, languages);
  // Without ?lang, the public list carries each item's translations.
  const newest = (await call<News[]>(base, 'GET', '/api/news')).body[0]!;
  const { _id, title, description, priority, publishDate, expiryDate, image, translations = {} } = newest;
  const samplesMs: number[] = [];
  const postMs: number[] = [];
  for (let i = 0; i < edits; i++) {
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
    postMs.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`edit refused: ${JSON.stringify(answer.body)}`);
    while (!(await (await fetch(page)).text()).includes(text)) {
      if (performance.now() - started > LIVE_TIMEOUT_MS) throw new Error(`"${text}" not live after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    samplesMs.push(performance.now() - started);
    await waitUntilLive(base, token, LIVE_TIMEOUT_MS);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { samplesMs, p50: percentile(samplesMs, 50), p95: percentile(samplesMs, 95), postP50: percentile(postMs, 50) };
}
