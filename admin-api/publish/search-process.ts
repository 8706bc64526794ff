/**
 * A child process that writes the site search's index (search-index.ts) on request, at a lower
 * CPU priority (search-worker.ts sets it, and the Pagefind service it starts inherits it): indexing
 * a large site takes seconds of CPU, and an edit published meanwhile must not wait for it. Each
 * process writes the parts of the languages it is asked for (several processes write a site's
 * languages side by side), and one of them puts the parts together. The text of each PDF is read
 * once and kept here between runs, as the content's parts.
 */
import { DocumentStore } from '../documents/document-store.ts';
import { SnapshotReader } from './content-snapshots.ts';
import { DocumentTexts, joinSearchParts, type SearchIndexSummary, writeSearchParts } from './search-index.ts';

export type SearchRequest = {
  id: number;
  /** Where each language's part is kept (search-language-parts.ts). */
  partsPath: string;
} & (
  | {
      kind: 'parts';
      /** The build's public folder. */
      siteDir: string;
      /** The public content the build was made from (the build folder's snapshot, content-snapshots.ts). */
      contentFile: string;
      /** Where the run before kept its parts. */
      previousPartsPath: string | null;
      /** The languages whose parts this process writes (of indexLanguages). */
      languages: string[];
    }
  | {
      kind: 'join';
      /** Every language of the index (indexLanguages). */
      languages: string[];
      /** Where the parts are put together (served as /pagefind). */
      outputPath: string;
    }
);

export type SearchReply =
  | { id: number; ok: true; summary?: SearchIndexSummary }
  | { id: number; ok: false; error: string };

const uploadsDir = process.env.SCHOOL_UPLOADS_DIR;
if (!uploadsDir) throw new Error('SCHOOL_UPLOADS_DIR is not set');
const documents = new DocumentTexts(new DocumentStore(uploadsDir));
/** The parts of the content an edit did not change are not parsed again: the large demo's take half a second. */
const snapshots = new SnapshotReader();

// Without the server there is nothing to index for.
process.on('disconnect', () => process.exit(0));

process.on('message', async (request: SearchRequest) => {
  let reply: SearchReply;
  try {
    reply = { id: request.id, ok: true, summary: await answer(request) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(reply);
});

async function answer(request: SearchRequest): Promise<SearchIndexSummary | undefined> {
  if (request.kind === 'join')
    return void (await joinSearchParts(request.languages, request.partsPath, request.outputPath));
  const { siteDir, contentFile, partsPath, previousPartsPath, languages } = request;
  const content = await snapshots.read(contentFile);
  return writeSearchParts({ siteDir, content, documents, partsPath, previousPartsPath, languages });
}
