/**
 * What an item of a list carries besides its fields: a photo (events, news) or a PDF (circulars).
 * ItemsSection adds, replaces and removes it the same way for both; these say how each is chosen,
 * checked, sent, shown and taken away.
 */
import type { ReactNode } from 'react';
import type { DocumentRef, ImageRef } from '../../contract/content.ts';
import { uploadDocument, uploadImage } from '../../lib/admin-api.ts';
import { documentFileProblem } from '../../lib/circular-draft.ts';
import { AltTextField, altToSend } from './AltTextField.tsx';
import { rememberPdfFindings } from './accessibility/PdfWarnings.tsx';
import { FileInput, type FileInputProps, ImageInput, Thumbnail } from './images.tsx';
import { LibraryChoice } from './LibraryPicker.tsx';
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
  /** Beside the file chooser: a stored file chosen instead (the media library), and an image's text alternative. */
  Extra?: (props: ExtraProps<Ref>) => ReactNode;
  /** What Extra starts from for the item's attachment (its alt text). */
  extraOf?: (ref: Ref | null) => AttachmentExtra<Ref>;
  /** The reference the item is to carry, with what Extra chose applied (its alt text). */
  finish?: (ref: Ref, extra: AttachmentExtra<Ref>) => Ref;
}

/** What the form chose besides a file: a stored file (`picked`), and an image's alt text. */
export interface AttachmentExtra<Ref> {
  picked?: Ref | undefined;
  alt?: string | undefined;
}

export interface ExtraProps<Ref> {
  value: AttachmentExtra<Ref>;
  onChange: (extra: AttachmentExtra<Ref>) => void;
  disabled: boolean;
  /** The item will carry a file (chosen, picked or its own): the checker warns while an image has no alt. */
  chosen?: boolean;
}

/** The reference an item is to carry: the uploaded file, else the one chosen from the library, else `kept`. */
export function chosenRef<Ref>(
  finish: ((ref: Ref, extra: AttachmentExtra<Ref>) => Ref) | undefined,
  uploaded: Ref | null,
  extra: AttachmentExtra<Ref>,
  kept: Ref | null,
): Ref | null {
  const ref = uploaded ?? extra.picked ?? kept;
  return ref && finish ? finish(ref, extra) : ref;
}

export function imageAttachment<T extends { image: ImageRef | null }>(): Attachment<T, ImageRef> {
  return {
    of: (item) => item.image,
    upload: uploadImage,
    Input: ImageInput,
    labels: { add: 'Image', replace: 'Replace the image' },
    removal: 'button',
    Preview: ImagePreview,
    Extra: ImageExtra,
    extraOf: (image) => ({ alt: image?.alt }),
    finish: ({ alt: _alt, ...image }, { alt }) => ({ ...image, ...altToSend(alt) }),
  };
}

function ImageExtra({ value, onChange, disabled, chosen = false }: ExtraProps<ImageRef>) {
  return (
    <>
      <LibraryChoice
        kind="image"
        picked={value.picked}
        disabled={disabled}
        onPick={(picked) => onChange({ ...value, picked })}
      />
      <AltTextField
        value={value.alt}
        onChange={(alt) => onChange({ ...value, alt })}
        disabled={disabled}
        fallback="the title"
        warn={chosen}
      />
    </>
  );
}

function DocumentExtra({ value, onChange, disabled }: ExtraProps<DocumentRef>) {
  return (
    <LibraryChoice
      kind="document"
      picked={value.picked}
      disabled={disabled}
      onPick={(picked) => onChange({ ...value, picked })}
    />
  );
}

function ImagePreview({ item }: { item: { image: ImageRef | null } }) {
  return item.image && <Thumbnail imageId={item.image.imageId} alt="" />;
}

export function documentAttachment<T extends { document: DocumentRef | null }>(): Attachment<T, DocumentRef> {
  return {
    of: (item) => item.document,
    upload: async (file, progress) => {
      const uploaded = await uploadDocument(file, progress);
      rememberPdfFindings(uploaded);
      return { documentId: uploaded.documentId, originalName: uploaded.originalName };
    },
    problem: documentFileProblem,
    Input: DocumentInput,
    labels: { add: 'PDF document', replace: 'Replace the PDF' },
    sentText: 'Saving the document…',
    removal: { checkbox: (document) => `Remove the PDF (${document.originalName || 'document'})` },
    Extra: DocumentExtra,
  };
}

/** A file chooser for PDF documents. */
function DocumentInput(props: FileInputProps) {
  return <FileInput {...props} name="document" accept="application/pdf,.pdf" />;
}
