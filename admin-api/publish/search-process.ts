/**
 * A child process that writes the site search's index (search-index.ts) on request, at a lower
 * CPU priority (search-worker.ts sets it, and the Pagefind service it starts inherits it): indexing
 * a large site takes seconds of CPU, and an edit published meanwhile must not wait for it. The
 * text of each PDF is read once and kept here between runs.
 */
import { DocumentStore } from '../documents/document-store.ts';
import { readContentSnapshot } from './content-snapshots.ts';
import { DocumentTexts, type SearchIndexSummary, writeSearchIndex } from './search-index.ts';

export interface SearchRequest {
  id: number;
  /** The build's public folder. */
  siteDir: string;
  /** The public content the build was made from (the build folder's snapshot, content-snapshots.ts). */
  contentDir: string;
  outputPath: string;
  /** Where each language's part is kept, and where the run before kept its own (search-language-parts.ts). */
  partsPath: string;
  previousPartsPath: string | null;
}

export type SearchReply =
  | { id: number; ok: true; summary: SearchIndexSummary }
  | { id: number; ok: false; error: string };

const uploadsDir = process.env.SCHOOL_UPLOADS_DIR;
if (!uploadsDir) throw new Error('SCHOOL_UPLOADS_DIR is not set');
const documents = new DocumentTexts(new DocumentStore(uploadsDir));

// Without the server there is nothing to index for.
process.on('disconnect', () => process.exit(0));

process.on('message', async ({ id, contentDir, ...request }: SearchRequest) => {
  let reply: SearchReply;
  try {
    const content = await readContentSnapshot(contentDir);
    reply = { id, ok: true, summary: await writeSearchIndex({ ...request, content, documents }) };
  } catch (error) {
    reply = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(reply);
});
