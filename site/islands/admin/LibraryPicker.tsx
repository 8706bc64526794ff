/**
 * "Choose from the library": instead of uploading a file again, pick an image or a document
 * already stored (GET /api/admin/media), searched as one types, in a modal window.
 */
import { useEffect, useId, useState } from 'react';
import type { DocumentRef, ImageRef } from '../../contract/content.ts';
import type { MediaItem, MediaKind, MediaPage } from '../../contract/media.ts';
import { countLabel } from '../../lib/display-format.ts';
import { CloseButton, Modal } from '../parts/Modal.tsx';
import { type Failure, failureOf } from './Alert.tsx';
import { Thumbnail } from './images.tsx';
import { humanBytes, readMedia } from './media-api.ts';
import { useTypedSearch } from './use-typed-search.ts';

const SHOWN = 24;

export function LibraryPicker({
  kind,
  disabled,
  onChoose,
}: {
  kind: MediaKind;
  disabled?: boolean;
  onChoose: (item: MediaItem) => void;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <>
      <button type="button" className="secondary" disabled={disabled} onClick={() => setOpen(true)}>
        Choose from the library
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={headingId} className="library-picker">
        <CloseButton onClose={() => setOpen(false)} />
        <h2 id={headingId}>{kind === 'image' ? 'Choose an image' : 'Choose a document'} from the library</h2>
        <PickerList
          kind={kind}
          onChoose={(item) => {
            setOpen(false);
            onChoose(item);
          }}
        />
      </Modal>
    </>
  );
}

function PickerList({ kind, onChoose }: { kind: MediaKind; onChoose: (item: MediaItem) => void }) {
  const { query, setQuery, q } = useTypedSearch();
  const [shown, setShown] = useState<MediaPage | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const searchId = useId();

  useEffect(() => {
    let current = true;
    readMedia({ kind, q, pageSize: SHOWN }).then(
      (answer) => {
        if (current) setShown(answer);
      },
      (error) => {
        if (current) setFailure(failureOf('Failed to load the media library', error));
      },
    );
    return () => {
      current = false;
    };
  }, [kind, q]);

  return (
    <div className="picker">
      <div className="field">
        <label htmlFor={searchId}>Search the library</label>
        <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {failure && <p role="alert">{failure.title}</p>}
      {shown === null ? (
        <p role="status">Loading…</p>
      ) : shown.items.length === 0 ? (
        <p role="status">No file matches.</p>
      ) : (
        <>
          <p role="status" className="list-status">
            {shown.matching > shown.items.length
              ? `The newest ${shown.items.length} of ${shown.matching} files: search to find others.`
              : countLabel(shown.matching, 'file')}
          </p>
          <ul className="picker-list" aria-label="Files in the library">
            {shown.items.map((item) => (
              <li key={item.id}>
                <button type="button" className="picker-choice" onClick={() => onChoose(item)}>
                  {item.kind === 'image' ? (
                    <Thumbnail imageId={item.id} alt="" />
                  ) : (
                    <span className="media-pdf" aria-hidden="true">
                      PDF
                    </span>
                  )}
                  <span>
                    Choose {item.name}
                    <span className="picker-facts">
                      {humanBytes(item.bytes)}
                      {item.uses[0] ? `, used by “${item.uses[0].title}”` : ', unused'}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** What an item refers to a stored file of each kind by. */
type RefOf<K extends MediaKind> = K extends 'image' ? ImageRef : DocumentRef;

/** The reference an item keeps to the library's file `item`. */
function refOf<K extends MediaKind>(kind: K, item: MediaItem): RefOf<K> {
  const ref =
    kind === 'image' ? { imageId: item.id, originalName: item.name } : { documentId: item.id, originalName: item.name };
  return ref as RefOf<K>;
}

/**
 * The library button, and the stored file chosen with it (used unless a file is uploaded):
 * `onPick` gets its reference, or undefined when the choice is cleared.
 */
export function LibraryChoice<K extends MediaKind>({
  kind,
  picked,
  disabled,
  onPick,
}: {
  kind: K;
  picked: RefOf<K> | undefined;
  disabled: boolean;
  onPick: (ref: RefOf<K> | undefined) => void;
}) {
  return (
    <div className="library-choice">
      <LibraryPicker kind={kind} disabled={disabled} onChoose={(item) => onPick(refOf(kind, item))} />
      {picked !== undefined && (
        <p role="status">
          Chosen from the library: <strong>{picked.originalName}</strong>{' '}
          <button type="button" className="secondary" onClick={() => onPick(undefined)} disabled={disabled}>
            Clear the choice
          </button>
        </p>
      )}
    </div>
  );
}
