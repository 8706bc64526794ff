/**
 * What an item of a list carries besides its fields: a photo (events, news) or a PDF (circulars).
 * ItemsSection adds, replaces and removes it the same way for both; these say how each is chosen,
 * checked, sent, shown and taken away.
 */
import type { ReactNode } from 'react';
import type { DocumentRef, ImageRef } from '../../contract/content.ts';
import { uploadDocument, uploadImage } from '../../lib/admin-api.ts';
import { documentFileProblem } from '../../lib/circular-draft.ts';
import { FileInput, type FileInputProps, ImageInput, Thumbnail } from './images.tsx';
import type { Progress } from './use-action.ts';

export interface Attachment<T, Ref> {
  /** The item's attachment, or null. */
  of: (item: T) => Ref | null;
  /** Sends the chosen file; answers what the item is to refer to. */
  upload: (file: File, progress: Progress) => Promise<Ref>;
  /** Why a chosen file cannot be sent, or null; the server checks it again. */
  problem?: (file: File) => string | null;
  /** The file chooser. Given a new `key`, it is cleared. */
  Input: (props: FileInputProps) => ReactNode;
  labels: { add: string; replace: string };
  /** What the upload progress says once the bytes are sent and the server works on them. */
  sentText?: string;
  /**
   * How an item loses it: a button beside Edit, which calls DELETE /{id}/image (photos), or a box
   * to tick in the edit form, whose label names the file (documents).
   */
  removal: 'button' | { checkbox: (ref: Ref) => string };
  /** Shown beside the item's details. */
  Preview?: (props: { item: T }) => ReactNode;
}

export function imageAttachment<T extends { image: ImageRef | null }>(): Attachment<T, ImageRef> {
  return {
    of: (item) => item.image,
    upload: uploadImage,
    Input: ImageInput,
    labels: { add: 'Image', replace: 'Replace the image' },
    removal: 'button',
    Preview: ImagePreview,
  };
}

function ImagePreview({ item }: { item: { image: ImageRef | null } }) {
  return item.image && <Thumbnail imageId={item.image.imageId} alt="" />;
}

export function documentAttachment<T extends { document: DocumentRef | null }>(): Attachment<T, DocumentRef> {
  return {
    of: (item) => item.document,
    upload: async (file, progress) => {
      const { documentId, originalName } = await uploadDocument(file, progress);
      return { documentId, originalName };
    },
    problem: documentFileProblem,
    Input: DocumentInput,
    labels: { add: 'PDF document', replace: 'Replace the PDF' },
    sentText: 'Saving the document…',
    removal: { checkbox: (document) => `Remove the PDF (${document.originalName || 'document'})` },
  };
}

/** A file chooser for PDF documents. */
function DocumentInput(props: FileInputProps) {
  return <FileInput {...props} name="document" accept="application/pdf,.pdf" />;
}
