/**
 * Writes the site search's index (Pagefind) for one finished build: the public pages of the build
 * folder (only the part of each page marked `data-pagefind-body` by site/layouts/SiteLayout.astro,
 * so headers, menus and list pages are left out), the news, events and photos of the public
 * content (search-records.ts), and the text of each public PDF (pdf.js), linked at
 * `/documents/<id>`. Pagefind writes static files (small chunks fetched as a visitor searches), so
 * the same folder works from the server, `npm run build` and the bucket.
 *
 * A site of several languages has an index per language: Pagefind files each page under its
 * `<html lang>`, and the records are added in each language (its texts, its pages' addresses); the
 * search page's script (pagefind.js) loads the index of its own `<html lang>`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { close, createIndex } from 'pagefind';
import type { SiteContent } from '../../site/contract/content.ts';
import { contentInLanguage } from '../../site/contract/content-language.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import { pdfText } from '../documents/pdf-text.ts';
import { contentRecords, publicDocuments, type SearchDocument, type SearchRecord } from './search-records.ts';

/** The index of a site of one language: pages and records share it, whatever the pages' `lang`. */
const ONE_LANGUAGE = 'en';
/**
 * Pagefind writes a file per page or record unless told to bundle them: the large demo's 4,200
 * would each be written, loaded by the server and synced to the bucket after every edit. Bundled
 * into at most 500, a run writes a tenth of the files, and a result still fetches about a
 * kilobyte.
 */
const MAX_FRAGMENT_FILES = 500;
/** The attribute of the part of a page the search indexes. */
const SEARCH_BODY = 'data-pagefind-body';

export interface SearchIndexInput {
  /** The build's public folder, whose HTML pages are indexed. */
  siteDir: string;
  /** The public view of the content the build was made from. */
  content: SiteContent;
  /** The folder the index is written into (served as /pagefind). */
  outputPath: string;
  documents: DocumentTexts;
  now?: Date;
}

export interface SearchIndexSummary {
  pages: number;
  records: number;
  documents: number;
  durationMs: number;
}

export async function writeSearchIndex(input: SearchIndexInput): Promise<SearchIndexSummary> {
  const started = Date.now();
  // A site of several languages: Pagefind splits the index by each page's `<html lang>`.
  const several = input.content.settings.languages.length > 1;
  const { index, errors } = await createIndex({
    ...(several ? {} : { forceLanguage: ONE_LANGUAGE }),
    maxFragments: MAX_FRAGMENT_FILES,
  });
  if (!index) throw new Error(`Search index not created: ${errors.join('; ')}`);
  try {
    const pages = await searchablePages(input.siteDir);
    const addedPages = await Promise.all(pages.map((page) => index.addHTMLFile(page)));
    failOn(addedPages.flatMap((answer) => answer.errors));
    const records = await languageRecords(input);
    // Sent all at once: the Pagefind service reads them in turn, without a round trip for each.
    const added = await Promise.all(
      records.map(({ language, record }) =>
        index.addCustomRecord({
          url: record.url,
          content: record.text,
          // Pagefind files a page under its `lang` in lower case (`en-gb`), as its client looks it
          // up: the records of a language go into the same index.
          language: language.toLowerCase(),
          meta: { title: record.title, kind: record.kind },
        }),
      ),
    );
    failOn(added.flatMap((answer) => answer.errors));
    failOn((await index.writeFiles({ outputPath: input.outputPath })).errors);
    return {
      pages: pages.length,
      records: records.length,
      documents: records.filter(({ record }) => record.url.startsWith('/documents/')).length,
      durationMs: Date.now() - started,
    };
  } finally {
    await index.deleteIndex();
    // The Pagefind service is a child process: none is left running between builds.
    await close();
  }
}

/**
 * The content in each language of the index: a site of one language has one, whatever its tag;
 * a site of several, each of its languages.
 */
function indexLanguages(content: SiteContent): { language: string; content: SiteContent }[] {
  const { languages } = content.settings;
  if (languages.length < 2) return [{ language: ONE_LANGUAGE, content }];
  return languages.map((language) => ({ language, content: contentInLanguage(content, language) }));
}

/** The records of each language of the index, from the content in that language, on its pages. */
async function languageRecords(input: SearchIndexInput): Promise<{ language: string; record: SearchRecord }[]> {
  const languages = indexLanguages(input.content).map((each) => ({
    ...each,
    documents: publicDocuments(each.content),
  }));
  input.documents.keepOnly(new Set(languages.flatMap(({ documents }) => documents.map((each) => each.documentId))));
  const now = input.now ?? new Date();
  const records: { language: string; record: SearchRecord }[] = [];
  for (const { language, content, documents } of languages) {
    const inLanguage = [
      ...contentRecords(content, now, language),
      ...(await documentRecords(documents, input.documents)),
    ];
    records.push(...inLanguage.map((record) => ({ language, record })));
  }
  return records;
}

/**
 * The pages that mark a part for the search (`data-pagefind-body`, site/layouts/BaseLayout.astro),
 * each with its address: only those are handed to Pagefind, which would otherwise parse every
 * page of the build, most of them list pages it is not to index.
 */
async function searchablePages(siteDir: string): Promise<{ url: string; content: string }[]> {
  const pages: { url: string; content: string }[] = [];
  for (const entry of await readdir(siteDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const content = await readFile(file, 'utf8');
    if (!content.includes(SEARCH_BODY)) continue;
    const path = `/${relative(siteDir, file).split(sep).join('/')}`;
    pages.push({ url: path.replace(/\/?index\.html$/, '') || '/', content });
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
