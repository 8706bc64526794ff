/**
 * Writes the site search's index (Pagefind) for one finished build: the public pages of the build
 * folder (only the part of each page marked `data-pagefind-body` by site/layouts/SiteLayout.astro,
 * so headers, menus and list pages are left out), the news, events and photos of the public
 * content (search-records.ts), and the text of each public PDF (pdf.js), linked at
 * `/documents/<id>`. Pagefind writes static files (small chunks fetched as a visitor searches), so
 * the same folder works from the server, `npm run build` and the bucket.
 *
 * A site of several languages has an index per language: each language's pages (those under its
 * address) and its records (its texts, its pages' addresses); the search page's script
 * (pagefind.js) loads the index of its own `<html lang>`. Each language is indexed apart and kept
 * (search-language-parts.ts), so that a run indexes only the languages whose pages or records
 * changed.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { close, createIndex } from 'pagefind';
import type { SearchStatus } from '../../site/contract/api.ts';
import type { SiteContent } from '../../site/contract/content.ts';
import { contentInLanguage } from '../../site/contract/content-language.ts';
import { languageOfPath } from '../../site/lib/language-paths.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import { pdfText } from '../documents/pdf-text.ts';
import {
  indexLanguages,
  joinParts,
  type LanguagePart,
  markPart,
  ONE_LANGUAGE,
  partFingerprint,
  partName,
  partOutput,
  reusePart,
} from './search-language-parts.ts';
import { contentRecords, publicDocuments, type SearchDocument, type SearchRecord } from './search-records.ts';

/**
 * Pagefind writes a file per page or record unless told to bundle them: the large demo's 4,200
 * would each be written, loaded by the server and synced to the bucket after every edit. Bundled
 * into at most 500, a run writes a tenth of the files, and a result still fetches about a
 * kilobyte.
 */
const MAX_FRAGMENT_FILES = 500;
/** The attribute of the part of a page the search indexes. */
const SEARCH_BODY = 'data-pagefind-body';

export interface SearchIndexInput extends SearchPartsInput {
  /** The folder the index is written into (served as /pagefind). */
  outputPath: string;
}

export interface SearchPartsInput {
  /** The build's public folder, whose HTML pages are indexed. */
  siteDir: string;
  /** The public view of the content the build was made from. */
  content: SiteContent;
  documents: DocumentTexts;
  now?: Date;
  /**
   * Where each language's index is kept for the next run (search-language-parts.ts); when not
   * given to writeSearchIndex, a temporary folder removed at the end.
   */
  partsPath?: string;
  /** The `partsPath` of the run before: a language whose pages and records are unchanged is taken from it. */
  previousPartsPath?: string | null;
  /** The languages to write, of indexLanguages(content); all of them when not given. */
  languages?: readonly string[];
}

/** What a run indexed, as the build status reports it. */
export type SearchIndexSummary = NonNullable<SearchStatus['lastRun']>;

/** Writes the whole index of a build into `outputPath`: each language's part, put together. */
export async function writeSearchIndex(input: SearchIndexInput): Promise<SearchIndexSummary> {
  const partsPath = input.partsPath ?? (await mkdtemp(join(tmpdir(), 'search-parts-')));
  try {
    const summary = await writeSearchParts({ ...input, partsPath });
    await joinSearchParts(indexLanguages(input.content), partsPath, input.outputPath);
    return summary;
  } finally {
    if (!input.partsPath) await rm(partsPath, { recursive: true, force: true });
  }
}

/**
 * Writes into `partsPath` the part of each language of `languages`: taken from the run before when
 * its pages and records are unchanged, indexed otherwise.
 */
export async function writeSearchParts(input: SearchPartsInput & { partsPath: string }): Promise<SearchIndexSummary> {
  const started = Date.now();
  try {
    const { parts, documents } = await languageParts(input);
    const indexed: string[] = [];
    for (const part of parts) {
      const options = indexOptions(input.content, part.name);
      const fingerprint = partFingerprint(part, options);
      if (await reusePart(input.previousPartsPath, input.partsPath, part.name, fingerprint)) continue;
      await writePart(part, options, partOutput(input.partsPath, part.name));
      await markPart(input.partsPath, part.name, fingerprint);
      indexed.push(part.name);
    }
    return {
      pages: parts.reduce((sum, part) => sum + part.pages.length, 0),
      records: parts.reduce((sum, part) => sum + part.records.length, 0),
      documents,
      durationMs: Date.now() - started,
      indexed,
    };
  } finally {
    // The Pagefind service is a child process: none is left running between builds.
    await close();
  }
}

/** Puts the part of each language of `languages` (indexLanguages) together into the index at `outputPath`. */
export function joinSearchParts(languages: readonly string[], partsPath: string, outputPath: string): Promise<void> {
  return joinParts(partsPath, languages.map(partName), outputPath);
}

/**
 * Pagefind's options for the part of `name`: a site of one language has one index, whatever its
 * pages' `lang`; a site of several, one per language, each page's and record's in it.
 */
function indexOptions(content: SiteContent, name: string) {
  const several = content.settings.languages.length > 1;
  return { forceLanguage: several ? name : ONE_LANGUAGE, maxFragments: MAX_FRAGMENT_FILES };
}

/** Writes the index of one language into `outputPath`. */
async function writePart(part: LanguagePart, options: ReturnType<typeof indexOptions>, outputPath: string) {
  const { index, errors } = await createIndex(options);
  if (!index) throw new Error(`Search index not created: ${errors.join('; ')}`);
  try {
    // Sent all at once: the Pagefind service reads them in turn, without a round trip for each.
    const added = await Promise.all([
      ...part.pages.map((page) => index.addHTMLFile(page)),
      ...part.records.map((record) => index.addCustomRecord({ ...record, language: options.forceLanguage })),
    ]);
    failOn(added.flatMap((answer) => answer.errors));
    failOn((await index.writeFiles({ outputPath })).errors);
  } finally {
    await index.deleteIndex();
  }
}

/**
 * The pages and records of each language of `input.languages` (default: all of the index's): its
 * pages (those under its address) and the records of the content in that language.
 */
async function languageParts(input: SearchPartsInput): Promise<{ parts: LanguagePart[]; documents: number }> {
  const { languages } = input.content.settings;
  const several = languages.length > 1;
  const inLanguages = (input.languages ?? indexLanguages(input.content)).map((language) => {
    const content = several ? contentInLanguage(input.content, language) : input.content;
    return { language, content, documents: publicDocuments(content) };
  });
  input.documents.keepOnly(new Set(inLanguages.flatMap(({ documents }) => documents.map((each) => each.documentId))));
  const pageLanguage = (url: string) => (several ? (languageOfPath(url, languages) ?? languages[0]) : ONE_LANGUAGE);
  const pages = await searchablePages(input.siteDir, (url) =>
    inLanguages.some(({ language }) => language === pageLanguage(url)),
  );
  const now = input.now ?? new Date();
  const parts: LanguagePart[] = [];
  let documents = 0;
  for (const { language, content, documents: wanted } of inLanguages) {
    const pdfs = await documentRecords(wanted, input.documents);
    documents += pdfs.length;
    const records = [...contentRecords(content, now, language), ...pdfs].map(({ url, text, title, kind }) => ({
      url,
      content: text,
      meta: { title, kind },
    }));
    const own = pages.filter(({ url }) => pageLanguage(url) === language);
    parts.push({ name: partName(language), pages: own, records });
  }
  return { parts, documents };
}

/**
 * The pages that mark a part for the search (`data-pagefind-body`, site/layouts/BaseLayout.astro),
 * each with its address: only those are handed to Pagefind, which would otherwise parse every
 * page of the build, most of them list pages it is not to index.
 */
async function searchablePages(
  siteDir: string,
  wanted: (url: string) => boolean,
): Promise<{ url: string; content: string }[]> {
  const pages: { url: string; content: string }[] = [];
  for (const entry of await readdir(siteDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const url = `/${relative(siteDir, file).split(sep).join('/')}`.replace(/\/?index\.html$/, '') || '/';
    if (!wanted(url)) continue;
    const content = await readFile(file, 'utf8');
    if (content.includes(SEARCH_BODY)) pages.push({ url, content });
  }
  return pages;
}

function failOn(errors: string[]) {
  if (errors.length > 0) throw new Error(`Search indexing failed: ${errors.join('; ')}`);
}

async function documentRecords(wanted: SearchDocument[], documents: DocumentTexts): Promise<SearchRecord[]> {
  const records: SearchRecord[] = [];
  for (const { documentId, title, about, kind } of wanted) {
    const read = await documents.read(documentId);
    if (!read) continue;
    const name = title ?? read.name;
    const text = [name, about, read.text].filter(Boolean).join('\n');
    records.push({ url: `/documents/${documentId}`, title: name, kind, text });
  }
  return records;
}

/**
 * The text of stored PDFs, each read once: a document's id is the hash of its bytes, so its text
 * never changes. An unreadable PDF is indexed by its title alone.
 */
export class DocumentTexts {
  #store: Pick<DocumentStore, 'read'>;
  #texts = new Map<string, Promise<{ text: string; name: string } | null>>();

  constructor(store: Pick<DocumentStore, 'read'>) {
    this.#store = store;
  }

  read(documentId: string): Promise<{ text: string; name: string } | null> {
    let text = this.#texts.get(documentId);
    if (!text) {
      text = this.#extract(documentId);
      this.#texts.set(documentId, text);
    }
    return text;
  }

  /** Forgets the documents no longer public. */
  keepOnly(ids: ReadonlySet<string>) {
    for (const id of this.#texts.keys()) if (!ids.has(id)) this.#texts.delete(id);
  }

  async #extract(documentId: string) {
    const document = await this.#store.read(documentId);
    if (!document) {
      this.#texts.delete(documentId); // it may be stored later
      return null;
    }
    const text = await pdfText(document.body).catch((error: unknown) => {
      console.error(`The text of ${documentId} could not be read for the search: ${String(error)}`);
      return '';
    });
    return { text, name: document.originalName };
  }
}
