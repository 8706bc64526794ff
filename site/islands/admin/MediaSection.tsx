/**
 * The media library: every stored image and document, a page at a time (GET /api/admin/media),
 * searchable, with where each is used; an image's library alt text edited in place, a document's
 * file replaced (every link keeps working).
 */
import { useEffect, useId, useState } from 'react';
import { ALT_MAX } from '../../contract/content.ts';
import type { MediaItem, MediaKind, MediaPage } from '../../contract/media.ts';
import { adminRequest, replaceDocumentFile } from '../../lib/admin-api.ts';
import { documentFileProblem } from '../../lib/circular-draft.ts';
import { countLabel } from '../../lib/display-format.ts';
import { Alert, type Failure, failureOf } from './Alert.tsx';
import { ALT_LABEL } from './AltTextField.tsx';
import { FileInput, Thumbnail, UploadProgress } from './images.tsx';
import { humanBytes, MEDIA_PAGE_SIZE, readMedia } from './media-api.ts';
import { Panel } from './Panel.tsx';
import { useSignedIn } from './signed-in.ts';
import { useAction } from './use-action.ts';
import { useTypedSearch } from './use-typed-search.ts';

const PAGE_SIZE = MEDIA_PAGE_SIZE;

export function MediaSection() {
  const [kind, setKind] = useState<MediaKind | ''>('');
  const { query, setQuery, q } = useTypedSearch();
  const [unused, setUnused] = useState(false);
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<MediaPage | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [reads, setReads] = useState(0);
  const ids = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` asks for a new read
  useEffect(() => {
    let current = true;
    readMedia({ kind: kind || undefined, q, unused, page }).then(
      (answer) => {
        if (!current) return;
        setShown(answer);
        setFailure(null);
      },
      (error) => current && setFailure(failureOf('Failed to load the media library', error)),
    );
    return () => {
      current = false;
    };
  }, [kind, q, unused, page, reads]);

  const pages = shown ? Math.max(1, Math.ceil(shown.matching / PAGE_SIZE)) : 1;
  const refresh = () => setReads((count) => count + 1);

  return (
    <Panel
      id="media"
      title="Media"
      summary="Every image and document stored for the site, where each is used, and the ones nothing uses (removed a day after their upload)."
    >
      <div className="media-filters field-row">
        <div className="field">
          <label htmlFor={`${ids}-q`}>Search files</label>
          <input
            id={`${ids}-q`}
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-kind`}>Show</label>
          <select
            id={`${ids}-kind`}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as MediaKind | '');
              setPage(1);
            }}
          >
            <option value="">Images and documents</option>
            <option value="image">Images</option>
            <option value="document">Documents</option>
          </select>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={unused}
            onChange={(event) => {
              setUnused(event.target.checked);
              setPage(1);
            }}
          />
          Only unused files
        </label>
      </div>
      <Alert failure={failure} onDismiss={() => setFailure(null)} />
      {shown === null ? (
        <p role="status">Loading the media library…</p>
      ) : shown.matching === 0 ? (
        <p className="empty">{shown.total === 0 ? 'No files yet.' : 'No file matches.'}</p>
      ) : (
        <>
          <p role="status" className="list-status">
            {shown.matching === shown.total
              ? countLabel(shown.total, 'file')
              : `${shown.matching} of ${countLabel(shown.total, 'file')} match`}
          </p>
          <ul className="media-list" aria-label="Stored files">
            {shown.items.map((item) => (
              <MediaEntry key={item.id} item={item} onChanged={refresh} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="form-actions" aria-label="Media pages">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </Panel>
  );
}

function MediaEntry({ item, onChanged }: { item: MediaItem; onChanged: () => void }) {
  const signedIn = useSignedIn();
  const mayChange = signedIn.may('content');
  return (
    <li className="media-entry">
      {item.kind === 'image' ? (
        <Thumbnail imageId={item.id} alt={item.alt ?? ''} />
      ) : (
        <span className="media-pdf" aria-hidden="true">
          PDF
        </span>
      )}
      <div className="media-facts">
        <p className="media-name">
          <a href={item.kind === 'image' ? `/images/${item.id}` : `/documents/${item.id}`}>{item.name}</a>
          {item.unused && <span className="badge">Unused</span>}
        </p>
        <p className="media-size">
          {item.kind === 'image' ? 'Image' : 'PDF document'}, {humanBytes(item.bytes)}
          {item.width && item.height ? `, ${item.width} × ${item.height} pixels` : ''}
        </p>
        {item.uses.length > 0 && (
          <p className="media-uses">
            Used by:{' '}
            {item.uses.map((use, index) => (
              <span key={`${use.kind}-${use.id}`}>
                {index > 0 && ', '}
                <a href={use.where}>
                  {useKindLabel[use.kind]} “{use.title}”
                </a>
              </span>
            ))}
            {item.useCount > item.uses.length && ` and ${item.useCount - item.uses.length} more`}
          </p>
        )}
        {item.kind === 'image' && mayChange && <LibraryAlt item={item} onChanged={onChanged} />}
        {item.kind === 'image' && !mayChange && item.alt && <p>Alt text: {item.alt}</p>}
        {item.kind === 'document' && mayChange && <ReplaceDocument item={item} onChanged={onChanged} />}
      </div>
    </li>
  );
}

const useKindLabel: Record<MediaItem['uses'][number]['kind'], string> = {
  event: 'Event',
  news: 'News',
  gallery: 'Gallery photo',
  homegallery: 'Home gallery photo',
  leader: 'Leader',
  logo: 'Logo',
  circular: 'Circular',
  page: 'Page',
  text: 'Text of',
};

/** The library's alt text of an image, for every item showing it without one of its own. */
function LibraryAlt({ item, onChanged }: { item: MediaItem; onChanged: () => void }) {
  const action = useAction();
  const [alt, setAlt] = useState(item.alt ?? '');
  const id = useId();
  const key = `alt-${item.id}`;
  return (
    <form
      className="media-alt"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void action
          .run(key, 'Failed to save the text alternative', async () => {
            await adminRequest(`/api/admin/media/images/${encodeURIComponent(item.id)}`, {
              method: 'PUT',
              json: { alt: alt.trim() },
            });
          })
          .then((done) => done && onChanged());
      }}
    >
      <Alert failure={action.alertFor(key)} onDismiss={action.dismiss} />
      <div className="field">
        <label htmlFor={id}>{ALT_LABEL}</label>
        <p className="hint" id={`${id}-hint`}>
          Used wherever this image has no alt text of its own.
        </p>
        <input
          id={id}
          type="text"
          value={alt}
          maxLength={ALT_MAX}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAlt(event.target.value)}
        />
      </div>
      <button type="submit" disabled={action.busy}>
        {action.label(key, 'Save alt text', 'Saving…')}
      </button>
    </form>
  );
}

function ReplaceDocument({ item, onChanged }: { item: MediaItem; onChanged: () => void }) {
  const action = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const key = `replace-${item.id}`;
  return (
    <form
      className="media-replace"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return void action.refuse(key, 'Please choose the new PDF');
        const problem = documentFileProblem(file);
        if (problem) return void action.refuse(key, problem);
        void action
          .run(key, 'Failed to replace the document', async (progress) => {
            await replaceDocumentFile(item.id, file, progress);
          })
          .then((done) => {
            if (!done) return;
            setFile(null);
            setInputKey((count) => count + 1);
            onChanged();
          });
      }}
    >
      <Alert failure={action.alertFor(key)} onDismiss={action.dismiss} />
      <FileInput
        key={inputKey}
        label={`Replace “${item.name}” with a new PDF (links keep working)`}
        name="replacement"
        accept="application/pdf,.pdf"
        onFile={setFile}
        disabled={action.busy}
      />
      <button type="submit" disabled={action.busy}>
        {action.label(key, 'Replace the file', 'Replacing…')}
      </button>
      {action.busy && <UploadProgress sent={action.progress} sentText="Saving the document…" />}
    </form>
  );
}
