import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { SiteContent } from '../../site/contract/content.ts';
import { PUBLISHED_NOW } from '../../site/contract/publication.ts';
import { defaultContent } from '../store/default-content.ts';
import { DocumentTexts, writeSearchIndex } from './search-index.ts';

let work: string | undefined;
afterEach(() => (work ? rm(work, { recursive: true, force: true }) : undefined));

const page = (lang: string, words: string) =>
  `<!DOCTYPE html><html lang="${lang}"><head><title>${words}</title></head><body><main data-pagefind-body><p>${words}</p></main></body></html>`;

/** A build's folder holding `pages`, by address (`pt-BR/about`), in a fresh working folder. */
async function siteWith(pages: Record<string, string>): Promise<string> {
  work = await mkdtemp(join(tmpdir(), 'search-index-'));
  const siteDir = join(work, 'site');
  for (const [address, html] of Object.entries(pages)) {
    await mkdir(join(siteDir, address), { recursive: true });
    await writeFile(join(siteDir, address, 'index.html'), html);
  }
  return siteDir;
}

it('files the records of each language in the index of its pages, whatever the case of its tag', async () => {
  const siteDir = await siteWith({
    about: page('en-GB', 'About the school'),
    'pt-BR/about': page('pt-BR', 'Sobre a escola'),
  });
  const base = defaultContent();
  const news = {
    _id: 'n1',
    title: 'Sports day',
    description: 'Races',
    publishDate: '2026-06-01',
    expiryDate: null,
    priority: 'medium' as const,
    image: null,
    translations: { 'pt-BR': { title: 'Dia do desporto' } },
    ...PUBLISHED_NOW,
  };
  const content: SiteContent = {
    ...base,
    settings: { ...base.settings, languages: ['en-GB', 'pt-BR'] },
    news: [news],
  };
  const outputPath = join(siteDir, '..', 'pagefind');
  const documents = new DocumentTexts({ read: async () => null });
  const summary = await writeSearchIndex({ siteDir, content, outputPath, documents, now: new Date('2026-06-15') });

  const entry = JSON.parse(await readFile(join(outputPath, 'pagefind-entry.json'), 'utf8'));
  expect(Object.keys(entry.languages).sort()).toEqual(['en-gb', 'pt-br']);
  // Each language's index: its page and its half of the records.
  expect(summary).toMatchObject({ pages: 2, records: expect.any(Number) });
  for (const language of ['en-gb', 'pt-br']) expect(entry.languages[language].page_count).toBe(1 + summary.records / 2);
});

it('indexes again only the languages whose pages or records changed, taking the others from the run before', async () => {
  const siteDir = await siteWith({ about: page('en', 'About the school'), 'hi/about': page('hi', '') });
  const base = defaultContent();
  const content: SiteContent = { ...base, settings: { ...base.settings, languages: ['en', 'hi'] } };
  const documents = new DocumentTexts({ read: async () => null });
  const run = async (name: string, previous: string | null, hindi: string) => {
    await writeFile(join(siteDir, 'hi', 'about', 'index.html'), page('hi', hindi));
    const target = {
      outputPath: join(siteDir, '..', name, 'pagefind'),
      partsPath: join(siteDir, '..', name, 'parts'),
    };
    const summary = await writeSearchIndex({ siteDir, content, documents, ...target, previousPartsPath: previous });
    return { ...target, summary };
  };
  /** The inode of each of an index's files of `language`, by name. */
  const filesOf = async (outputPath: string, language: string) => {
    const names = (await readdir(outputPath, { recursive: true })).filter((name) => name.includes(`${language}_`));
    return Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, (await stat(join(outputPath, name))).ino])),
    );
  };

  const first = await run('first', null, 'विद्यालय के बारे में');
  const second = await run('second', first.partsPath, 'हमारा विद्यालय');
  const third = await run('third', second.partsPath, 'हमारा विद्यालय');
  // An urgent notice's banner is outside the part of the page the search reads.
  const notice = (message: string) => `<!--alerts--><div role="alert">${message}</div><!--/alerts-->`;
  await writeFile(
    join(siteDir, 'about', 'index.html'),
    page('en', 'About the school').replace('<body>', `<body>${notice('Closed today')}`),
  );
  const fourth = await run('fourth', third.partsPath, 'हमारा विद्यालय');

  expect([first, second, third, fourth].map(({ summary }) => summary.indexed)).toEqual([['en', 'hi'], ['hi'], [], []]);
  // The English files are the very files of the first run; the Hindi ones were written again.
  expect(await filesOf(second.outputPath, 'en')).toEqual(await filesOf(first.outputPath, 'en'));
  expect(Object.keys(await filesOf(second.outputPath, 'hi'))).not.toEqual(
    Object.keys(await filesOf(first.outputPath, 'hi')),
  );
  for (const { outputPath } of [first, second, third, fourth]) {
    const entry = JSON.parse(await readFile(join(outputPath, 'pagefind-entry.json'), 'utf8'));
    expect(Object.keys(entry.languages).sort()).toEqual(['en', 'hi']);
    expect(await readFile(join(outputPath, 'pagefind.js'))).toBeTruthy();
  }
});
