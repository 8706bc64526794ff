/**
 * Writes the site search's index (Pagefind) for one finished build: the public pages of the build
 * folder (only the part of each page marked `data-pagefind-body` by site/layouts/SiteLayout.astro,
 * so headers, menus and list pages are left out), the news, events and photos of the public
 * content (search-records.ts), and the text of each public PDF (pdf.js), linked at
 * `/documents/<id>`. Pagefind writes static files (small chunks fetched as a visitor searches), so
 * the same folder works from the server, `npm run build` and the bucket.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { close, createIndex } from 'pagefind';
import type { SiteContent } from '../../site/contract/content.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import { pdfText } from '../documents/pdf-text.ts';
import { contentRecords, publicDocuments, type SearchRecord } from './search-records.ts';

/** The one language of the site (BaseLayout's `lang`): pages and records share one index. */
const LANGUAGE = 'en';
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
  const { index, errors } = await createIndex({ forceLanguage: LANGUAGE, maxFragments: MAX_FRAGMENT_FILES });
  if (!index) throw new Error(`Search index not created: ${errors.join('; ')}`);
  try {
    const pages = await searchablePages(input.siteDir);
    const addedPages = await Promise.all(pages.map((page) => index.addHTMLFile(page)));
    failOn(addedPages.flatMap((answer) => answer.errors));
    const records = [
      ...contentRecords(input.content, input.now ?? new Date()),
      ...(await documentRecords(input.content, input.documents)),
    ];
    // Sent all at once: the Pagefind service reads them in turn, without a round trip for each.
    const added = await Promise.all(
      records.map((record) =>
        index.addCustomRecord({
          url: record.url,
          content: record.text,
          language: LANGUAGE,
          meta: { title: record.title, kind: record.kind },
        }),
      ),
    );
    failOn(added.flatMap((answer) => answer.errors));
    failOn((await index.writeFiles({ outputPath: input.outputPath })).errors);
    return {
      pages: pages.length,
      records: records.length,
      documents: records.filter((record) => record.url.startsWith('/documents/')).length,
      durationMs: Date.now() - started,
    };
  } finally {
    await index.deleteIndex();
    // The Pagefind service is a child process: none is left running between builds.
    await close();
  }
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

async function documentRecords(content: SiteContent, documents: DocumentTexts): Promise<SearchRecord[]> {
  const wanted = publicDocuments(content);
  documents.keepOnly(new Set(wanted.map((document) => document.documentId)));
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
