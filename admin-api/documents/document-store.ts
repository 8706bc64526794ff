/**
 * The uploaded documents (PDF) on disk: `UPLOADS_DIR/documents/<documentId>`, where the id is a
 * hash of the bytes, beside `<documentId>.json` with the name the file had when it was uploaded
 * (a page may link a document by its id alone, and the download still needs a name) and what its
 * accessibility check found (checked once, when uploaded or first asked for).
 */
import { createHash } from 'node:crypto';
import { rm, utimes } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { PDF_FINDING_KINDS, type PdfFindingKind } from '../../site/contract/accessibility.ts';
import type { UploadedDocument } from '../../site/contract/api.ts';
import { DOCUMENT_ID_PATTERN } from '../../site/contract/content.ts';
import { pdfFindings } from '../../site/lib/accessibility/pdf-findings.ts';
import { HttpError } from '../http/errors.ts';
import { cleanName, exists, readIfExists, writeAtomically } from '../store/atomic-files.ts';
import { KeyedQueue } from '../store/keyed-queue.ts';
import { sweepUnreferenced } from '../store/upload-sweep.ts';
import { pdfProblems } from './pdf-accessibility.ts';

export const ONLY_PDF = 'Only PDF documents are accepted';
const UNNAMED = 'document.pdf';

export interface ServedDocument {
  body: Buffer;
  /** The name it was uploaded with. */
  originalName: string;
}

const Metadata = z.object({
  originalName: z.string(),
  /** Absent for a document uploaded before the checker: checked when first asked for. */
  problems: z.array(z.enum(PDF_FINDING_KINDS)).optional(),
});
const META_SUFFIX = '.json';

/** Every PDF starts with this, whatever its name or declared type says. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

export class DocumentStore {
  readonly dir: string;
  /** Saving and removing one document never overlap. */
  #perDocument = new KeyedQueue();
  /** The accessibility problems of each document read or checked since start, by id. */
  #problems = new Map<string, PdfFindingKind[]>();

  constructor(uploadsDir: string) {
    this.dir = join(resolve(uploadsDir), 'documents');
  }

  /**
   * Keeps a PDF (415 for anything else) under the hash of its bytes, with the name it came with
   * and what its accessibility check found.
   */
  async save(bytes: Uint8Array, originalName: string): Promise<UploadedDocument> {
    if (!isPdf(bytes)) throw new HttpError(415, ONLY_PDF);
    const documentId = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.pdf`;
    const name = cleanName(originalName) || UNNAMED;
    const problems = await this.#checked(documentId, bytes);
    await this.#perDocument.run(documentId, async () => {
      const path = this.#path(documentId);
      await writeAtomically(this.#metaPath(documentId), metadataFile({ originalName: name, problems }));
      // The same file uploaded again: keep it, and count its 24 hours from now.
      if (await exists(path)) await utimes(path, new Date(), new Date());
      else await writeAtomically(path, Buffer.from(bytes));
    });
    return { documentId, originalName: name, size: bytes.length, findings: pdfFindings(problems, name) };
  }

  /**
   * The name of a stored document and what its accessibility check found, checked now for a
   * document uploaded before the checker. Null when there is no such document.
   */
  async checked(documentId: string): Promise<{ originalName: string; problems: PdfFindingKind[] } | null> {
    if (!DOCUMENT_ID_PATTERN.test(documentId)) return null;
    const meta = metadataIn(await readIfExists(this.#metaPath(documentId)));
    const known = meta.problems ?? this.#problems.get(documentId);
    if (known) return { originalName: meta.originalName, problems: known };
    const body = await readIfExists(this.#path(documentId));
    if (!body) return null;
    const problems = await this.#checked(documentId, body);
    await this.#perDocument.run(documentId, async () => {
      // Gone meanwhile (swept): nothing to keep.
      if (!(await exists(this.#path(documentId)))) return;
      const current = metadataIn(await readIfExists(this.#metaPath(documentId)));
      await writeAtomically(this.#metaPath(documentId), metadataFile({ ...current, problems }));
    });
    return { originalName: meta.originalName, problems };
  }

  /** The problems of the PDF `bytes` stored as `documentId` (its bytes' hash: checked once per id). */
  async #checked(documentId: string, bytes: Uint8Array): Promise<PdfFindingKind[]> {
    const known = this.#problems.get(documentId);
    if (known) return known;
    const problems = await pdfProblems(bytes);
    this.#problems.set(documentId, problems);
    return problems;
  }

  async has(documentId: string): Promise<boolean> {
    return DOCUMENT_ID_PATTERN.test(documentId) && exists(this.#path(documentId));
  }

  /** The stored document, or null when there is none by that id. */
  async read(documentId: string): Promise<ServedDocument | null> {
    if (!DOCUMENT_ID_PATTERN.test(documentId)) return null;
    const body = await readIfExists(this.#path(documentId));
    if (!body) return null;
    return { body, originalName: metadataIn(await readIfExists(this.#metaPath(documentId))).originalName };
  }

  /** Deletes the document (nothing happens when it is not there). */
  remove(documentId: string): Promise<void> {
    if (!DOCUMENT_ID_PATTERN.test(documentId)) return Promise.resolve();
    return this.#perDocument.run(documentId, () => this.#removeFiles(documentId));
  }

  /**
   * Removes the documents that nothing refers to and that were saved before `savedBefore`, and
   * files left behind by a crash. Answers the removed ids.
   */
  sweep(referenced: ReadonlySet<string>, savedBefore: Date): Promise<string[]> {
    return sweepUnreferenced(
      {
        dir: this.dir,
        isId: (name) => DOCUMENT_ID_PATTERN.test(name),
        // A name kept for a document that is gone.
        isLeftOver: async (name) =>
          name.endsWith(META_SUFFIX) && !(await exists(join(this.dir, name.slice(0, -META_SUFFIX.length)))),
        inTurn: (id, task) => this.#perDocument.run(id, task),
        removeFiles: (id) => this.#removeFiles(id),
      },
      referenced,
      savedBefore,
    );
  }

  async #removeFiles(documentId: string) {
    await rm(this.#path(documentId), { force: true });
    await rm(this.#metaPath(documentId), { force: true });
  }

  #path(documentId: string): string {
    if (!DOCUMENT_ID_PATTERN.test(documentId)) throw new Error(`Not a document id: ${documentId}`);
    return join(this.dir, documentId);
  }

  #metaPath(documentId: string): string {
    return `${this.#path(documentId)}${META_SUFFIX}`;
  }
}

type Metadata = z.infer<typeof Metadata>;

/** What a metadata file keeps; a missing or damaged one is no reason to refuse the document. */
function metadataIn(meta: Buffer | null): Metadata {
  try {
    return Metadata.parse(JSON.parse(String(meta)));
  } catch {
    return { originalName: UNNAMED };
  }
}

const metadataFile = (meta: Metadata) => Buffer.from(JSON.stringify(meta));
