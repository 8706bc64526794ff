/**
 * The site search's index is written one language at a time, each language's Pagefind output kept
 * in a folder of its own (a "part") beside the served index, named by a fingerprint of what it was
 * made from. The next run takes the part of a language whose pages and records are unchanged from
 * the run before as hard links, and indexes only the others: saving a Hindi text indexes the Hindi
 * pages again, not the English and Arabic ones. The served index is the parts put together:
 * Pagefind names each language's files after it (`index/hi_….pf_index`, `pagefind.hi_….pf_meta`),
 * and its entry file lists the languages.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteContent } from '../../site/contract/content.ts';
import { bannerAt } from './banner-splice.ts';
import { linkFiles, linkTree, treeFiles } from './hard-links.ts';

/** The files of Pagefind's output for one language, inside a part's folder. */
const OUTPUT = 'pagefind';
/** Beside the output: the fingerprint of the pages and records it was made from. */
const FINGERPRINT = 'fingerprint';
/** Pagefind's list of the languages of an index, each with the name of its files. */
const ENTRY = 'pagefind-entry.json';

/** Pagefind's version: another one writes other files, so no part is taken across versions. */
const PAGEFIND_VERSION = JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8'))
  .version as string;

/** The language of the index of a site of one language: pages and records share it, whatever the pages' `lang`. */
export const ONE_LANGUAGE = 'en';

/**
 * The languages of the index: a site of one language has one, whatever its tag; a site of
 * several, each of its languages.
 */
export function indexLanguages(content: Pick<SiteContent, 'settings'>): string[] {
  const { languages } = content.settings;
  return languages.length > 1 ? [...languages] : [ONE_LANGUAGE];
}

/** Pagefind files a language in lower case (`pt-br`), as its client looks up a page's `lang`. */
export const partName = (language: string) => language.toLowerCase();

export interface LanguagePart {
  /** The language as Pagefind files it (lower case: `pt-br`), which names the part's folder too. */
  name: string;
  pages: { url: string; content: string }[];
  records: { url: string; content: string; meta: Record<string, string> }[];
}

/**
 * What a part is made from, as one hash: the same pages and records make the same files. A page's
 * urgent-notice banner is left out: it is outside the part of the page the search indexes, and a
 * notice for every page would otherwise have every language indexed again, twice (when it is put
 * up and taken down).
 */
export function partFingerprint(part: LanguagePart, options: unknown): string {
  const hash = createHash('sha256').update(`${PAGEFIND_VERSION}\0${JSON.stringify(options)}\0${part.name}\0`);
  for (const page of part.pages) hash.update(`${page.url}\0${withoutBanner(page.content)}\0`);
  for (const record of part.records) hash.update(`${JSON.stringify(record)}\0`);
  return hash.digest('hex');
}

function withoutBanner(html: string): string {
  const at = bannerAt(html);
  return at ? html.slice(0, at.start) + html.slice(at.end) : html;
}

/** Where Pagefind writes the part of `name` under `partsDir`. */
export const partOutput = (partsDir: string, name: string) => join(partsDir, name, OUTPUT);

/**
 * Takes the part of `name` from `previousDir` (the parts of the run before) into `partsDir` when
 * it was made from the same `fingerprint`; false when it must be written anew.
 */
export async function reusePart(
  previousDir: string | null | undefined,
  partsDir: string,
  name: string,
  fingerprint: string,
): Promise<boolean> {
  if (!previousDir) return false;
  const kept = await readFile(join(previousDir, name, FINGERPRINT), 'utf8').catch(() => null);
  if (kept !== fingerprint) return false;
  linkTree(join(previousDir, name), join(partsDir, name));
  return true;
}

/** Records what the part of `name`, just written, was made from. */
export function markPart(partsDir: string, name: string, fingerprint: string): Promise<void> {
  return writeFile(join(partsDir, name, FINGERPRINT), fingerprint);
}

/**
 * Puts the parts `names` of `partsDir` together into `outputPath`, as hard links: every language's
 * files, Pagefind's scripts once (each part has the same), and one entry listing every language.
 */
export async function joinParts(partsDir: string, names: readonly string[], outputPath: string): Promise<void> {
  const taken = new Set<string>();
  const entries: PagefindEntry[] = [];
  for (const name of names) {
    const dir = partOutput(partsDir, name);
    const files = treeFiles(dir).filter((file) => file !== `/${ENTRY}` && !taken.has(file));
    linkFiles(dir, outputPath, files);
    for (const file of files) taken.add(file);
    entries.push(JSON.parse(await readFile(join(dir, ENTRY), 'utf8')));
  }
  const [first] = entries;
  if (!first) return;
  const languages = Object.assign({}, ...entries.map((entry) => entry.languages));
  await writeFile(join(outputPath, ENTRY), JSON.stringify({ ...first, languages }));
}

interface PagefindEntry {
  version: string;
  languages: Record<string, unknown>;
}
