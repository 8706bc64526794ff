import { type FormEvent, useEffect, useState } from 'react';
import type { AdminListPage } from '../../contract/admin-lists.ts';
import type { GalleryItem, ImageRef } from '../../contract/content.ts';
import { TRANSLATED_FIELDS } from '../../contract/translation-report.ts';
import { uploadImage, writeToList } from '../../lib/admin-api.ts';
import { countLabel } from '../../lib/display-format.ts';
import { TextField } from '../forms/TextField.tsx';
import { Alert } from './Alert.tsx';
import { altToSend, TranslatedAlt } from './AltTextField.tsx';
import { ItemStateLine, ReviewActions } from './ItemReview.tsx';
import { ImageInput, Thumbnail, UploadProgress } from './images.tsx';
import { LibraryChoice } from './LibraryPicker.tsx';
import { ListSearch, ListStatus, ShowMore } from './list-window.tsx';
import { Panel } from './Panel.tsx';
import { newPublishing, PublishingChoice, publishingBody } from './PublishingChoice.tsx';
import { useSignedIn } from './signed-in.ts';
import { TranslatableField, translatingOf } from './translations/TranslatableField.tsx';
import { TranslationBadges } from './translations/TranslationBadges.tsx';
import { deleteFromListWithUndo } from './undo.ts';
import { type Action, useAction } from './use-action.ts';
import { useOpenedItem } from './use-opened-item.ts';
import { useServerList } from './use-server-list.ts';

const ADD = 'add';

/** The spec's texts for one of the two galleries. */
export interface GalleryTexts {
  id: 'homegallery' | 'gallery';
  title: string;
  summary: string;
  captionMissing: string;
  addFailed: string;
  deleteFailed: string;
}

export const HOME_GALLERY: GalleryTexts = {
  id: 'homegallery',
  title: 'Home gallery',
  summary: 'The photo strip that scrolls across the home page.',
  captionMissing: 'Please provide a caption for the home gallery image',
  addFailed: 'Failed to add home gallery item',
  deleteFailed: 'Failed to delete home gallery item',
};

export const GALLERY: GalleryTexts = {
  id: 'gallery',
  title: 'Gallery',
  summary: 'The photos on the Gallery page.',
  captionMissing: 'Please provide a caption for the image',
  addFailed: 'Failed to add gallery item',
  deleteFailed: 'Failed to delete gallery item',
};

/**
 * A gallery: add a photo with a caption, delete one. The photos are read from the server a page
 * (or a search of the captions) at a time, and read again after each change (`revision`). A
 * Contributor's photo is a draft until approved; only its author (or an Editor) deletes it then.
 */
export function GallerySection({
  texts,
  revision,
  first,
  onWritten,
}: {
  texts: GalleryTexts;
  /** Changes after each write to the gallery: the shown pages are read again. */
  revision: number;
  /** Its first page, when the dashboard read it already. */
  first?: AdminListPage<GalleryItem> | undefined;
  /** A write to the gallery succeeded. */
  onWritten: () => void;
}) {
  const action = useAction();
  const list = useServerList<GalleryItem>(texts.id, revision, first);
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [alt, setAlt] = useState<string | undefined>(undefined);
  const [translations, setTranslations] = useState<GalleryItem['translations']>(undefined);
  const translating = translatingOf({ translations }, (next) => setTranslations(next.translations), undefined);
  const [picked, setPicked] = useState<ImageRef | undefined>(undefined);
  const [inputKey, setInputKey] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const signedIn = useSignedIn();
  const [publishing, setPublishing] = useState(() => newPublishing(signedIn.may('publish')));
  const endpoint = `/api/${texts.id}`;
  // A photo the address names (`#galleries/<id>`, a link of the media library): found and opened.
  const opened = useOpenedItem('galleries');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address names another photo
  useEffect(() => {
    if (!opened) return;
    list.search(opened);
    setEditing(opened);
  }, [opened]);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (caption.trim() === '') return action.refuse(ADD, texts.captionMissing);
    if (!file && !picked) return action.refuse(ADD, 'Please choose a photo to add');
    const done = await action.run(ADD, texts.addFailed, async (progress) => {
      const { imageId, originalName } = file ? await uploadImage(file, progress) : picked!;
      const body = {
        imageId,
        originalName,
        caption: caption.trim(),
        ...altToSend(alt),
        translations,
        status: publishingBody(publishing).status,
      };
      await writeToList(endpoint, { method: 'POST', json: body });
      onWritten();
    });
    if (done) {
      setFile(null);
      setCaption('');
      setAlt(undefined);
      setTranslations(undefined);
      setPicked(undefined);
      setInputKey((key) => key + 1);
    }
  }

  function remove(item: GalleryItem) {
    if (!window.confirm(`Delete the photo "${item.caption}"?`)) return;
    void action.run(item._id, texts.deleteFailed, async () => {
      await deleteFromListWithUndo(`${endpoint}/${item._id}`, 'Photo deleted');
      onWritten();
    });
  }

  return (
    <Panel id={texts.id} title={texts.title} summary={`${texts.summary} ${countLabel(list.total, 'photo')}.`}>
      <form className="add-form" onSubmit={add} noValidate>
        <Alert failure={action.alertFor(ADD)} onDismiss={action.dismiss} />
        <div className="field-row">
          <ImageInput key={inputKey} label="Photo" onFile={setFile} required disabled={action.busy} />
          <TranslatableField
            id={`${texts.id}-caption`}
            label="Caption"
            field="caption"
            value={caption}
            onChange={setCaption}
            translating={translating}
            required
          >
            {(text) => <TextField {...text} maxLength={200} disabled={action.busy} />}
          </TranslatableField>
        </div>
        <LibraryChoice kind="image" picked={picked} disabled={action.busy} onPick={setPicked} />
        <TranslatedAlt
          id={`${texts.id}-alt`}
          alt={alt}
          onAlt={setAlt}
          translating={translating}
          disabled={action.busy}
        />
        {!signedIn.may('publish') && (
          <PublishingChoice
            idPrefix={`${texts.id}-new`}
            value={publishing}
            onChange={setPublishing}
            disabled={action.busy}
            schedule={false}
          />
        )}
        <div className="form-actions">
          <button type="submit" disabled={action.busy}>
            {action.label(ADD, 'Add photo', 'Adding…')}
          </button>
        </div>
        <UploadProgress sent={action.progress} />
      </form>
      <ListStatus list={list} noun="photos" />
      {list.items === null ? null : list.total === 0 ? (
        <p className="empty">No photos yet.</p>
      ) : (
        <>
          <ListSearch list={list} total={list.total} />
          <ul className="tile-list" aria-label={texts.title}>
            {list.items.map((item) => (
              <li key={item._id} className="tile">
                <Thumbnail imageId={item.imageId} alt={item.alt ?? item.caption} />
                <p className="tile-caption">{item.caption}</p>
                <TranslationBadges item={item} fields={TRANSLATED_FIELDS.gallery} />
                {item.status !== 'published' && <ItemStateLine item={item} />}
                <Alert failure={action.alertFor(item._id)} onDismiss={action.dismiss} />
                {editing === item._id && (
                  <PhotoEdit
                    item={item}
                    endpoint={endpoint}
                    action={action}
                    onDone={(saved) => {
                      setEditing(null);
                      if (saved) onWritten();
                    }}
                  />
                )}
                <div className="tile-actions">
                  <ReviewActions
                    item={item}
                    path={`${endpoint}/${item._id}`}
                    action={action}
                    noun="photo"
                    onWritten={onWritten}
                  />
                  {signedIn.mayChange(item) && editing !== item._id && (
                    <button
                      type="button"
                      onClick={() => setEditing(item._id)}
                      disabled={action.busy}
                      aria-label={`Edit photo ${item.caption}`}
                    >
                      Edit
                    </button>
                  )}
                  {signedIn.mayChange(item) && (
                    <button
                      type="button"
                      className="danger"
                      onClick={() => remove(item)}
                      disabled={action.busy}
                      aria-label={`Delete photo ${item.caption}`}
                    >
                      {action.label(item._id, 'Delete', 'Deleting…')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <ShowMore list={list} noun="photos" />
        </>
      )}
    </Panel>
  );
}

/** A photo's caption and text alternative, changed in place (PUT /api/{gallery}/{id}). */
function PhotoEdit({
  item,
  endpoint,
  action,
  onDone,
}: {
  item: GalleryItem;
  endpoint: string;
  action: Action;
  /** Saved, or cancelled. */
  onDone: (saved: boolean) => void;
}) {
  const [caption, setCaption] = useState(item.caption);
  const [alt, setAlt] = useState(item.alt);
  const [translations, setTranslations] = useState(item.translations);
  const translating = translatingOf({ translations }, (next) => setTranslations(next.translations), item);
  const key = `${item._id}:edit`;
  async function save(event: FormEvent) {
    event.preventDefault();
    if (caption.trim() === '') return action.refuse(key, 'Caption is required');
    const done = await action.run(key, 'Failed to save the photo', async () => {
      const body = { imageId: item.imageId, caption: caption.trim(), ...altToSend(alt), translations };
      await writeToList(`${endpoint}/${item._id}`, { method: 'PUT', json: body });
    });
    if (done) onDone(true);
  }
  return (
    <form className="photo-edit" onSubmit={save} noValidate aria-label={`Edit photo ${item.caption}`}>
      <Alert failure={action.alertFor(key)} onDismiss={action.dismiss} />
      <TranslatableField
        id={`${item._id}-caption`}
        label="Caption"
        field="caption"
        value={caption}
        onChange={setCaption}
        translating={translating}
        required
      >
        {(text) => <TextField {...text} maxLength={200} disabled={action.busy} />}
      </TranslatableField>
      <TranslatedAlt alt={alt} onAlt={setAlt} id={`${item._id}-alt`} translating={translating} disabled={action.busy} />
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {action.label(key, 'Save', 'Saving…')}
        </button>
        <button type="button" onClick={() => onDone(false)} disabled={action.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
