import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { ImageRef } from '../../contract/content.ts';
import { adminRequest, uploadImage } from '../../lib/admin-api.ts';
import { Alert } from './Alert.tsx';
import { ImageInput, Thumbnail, UploadProgress } from './images.tsx';
import { ListSearch, ShowMore, useListWindow } from './list-window.tsx';
import { Panel } from './Panel.tsx';
import { useSchoolTimeZone } from './time-zone.ts';
import { deleteWithUndo } from './undo.ts';
import { type Action, useAction } from './use-action.ts';
import { useFocusReturn } from './use-focus-return.ts';

interface Item {
  _id: string;
  title: string;
  image: ImageRef | null;
}

export interface FieldsProps<Draft> {
  draft: Draft;
  onChange: (draft: Draft) => void;
  disabled: boolean;
  /** Makes the fields' ids unique on the page; the title field's id is `${idPrefix}-title`. */
  idPrefix: string;
}

/** What differs between events and news: their fields, checks, texts and how an item reads. */
export interface ItemKind<T extends Item, Draft> {
  id: 'events' | 'news';
  title: string;
  summary: string;
  /** `event`, `news item`: used in confirmations. */
  noun: string;
  addButton: string;
  empty: string;
  failures: { add: string; update: string; delete: string; deleteImage: string };
  /** A new item's fields; `timeZone` is the school's, which says what day it is. */
  emptyDraft: (timeZone: string) => Draft;
  draftOf: (item: T) => Draft;
  /** The spec's validation alert, or null when the draft can be sent. */
  problem: (draft: Draft) => string | null;
  body: (draft: Draft, image: ImageRef | null) => unknown;
  Fields: (props: FieldsProps<Draft>) => ReactNode;
  Details: (props: { item: T }) => ReactNode;
}

const ADD = 'add';

/**
 * Events and news: an add form, and the list, where an item can be edited in place (Save or
 * Cancel), lose its image, or be deleted. Every call answers the list, which replaces the shown one.
 */
export function ItemsSection<T extends Item, Draft>({
  kind,
  items,
  onItems,
}: {
  kind: ItemKind<T, Draft>;
  items: T[];
  onItems: (items: T[]) => void;
}) {
  const action = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  const endpoint = `/api/${kind.id}`;
  const list = useListWindow(items, (item) => item.title);

  async function add(draft: Draft, file: File | null): Promise<boolean> {
    const problem = kind.problem(draft);
    if (problem) {
      action.refuse(ADD, problem);
      return false;
    }
    return action.run(ADD, kind.failures.add, async (progress) => {
      const image = file ? await uploadImage(file, progress) : null;
      onItems(await adminRequest<T[]>(endpoint, { method: 'POST', json: kind.body(draft, image) }));
    });
  }

  return (
    <Panel id={kind.id} title={kind.title} summary={kind.summary}>
      <AddForm kind={kind} action={action} onAdd={add} />
      {items.length === 0 ? (
        <p className="empty">{kind.empty}</p>
      ) : (
        <>
          <ListSearch list={list} total={items.length} />
          <ul className="item-list" aria-label={kind.title}>
            {list.visible.map((item) => (
              <ItemRow
                key={item._id}
                kind={kind}
                item={item}
                action={action}
                endpoint={endpoint}
                editing={editing === item._id}
                onEditing={(on) => setEditing(on ? item._id : null)}
                onItems={onItems}
              />
            ))}
          </ul>
          <ShowMore list={list} noun={kind.id} />
        </>
      )}
    </Panel>
  );
}

function AddForm<T extends Item, Draft>({
  kind,
  action,
  onAdd,
}: {
  kind: ItemKind<T, Draft>;
  action: Action;
  onAdd: (draft: Draft, file: File | null) => Promise<boolean>;
}) {
  const timeZone = useSchoolTimeZone();
  const [draft, setDraft] = useState(() => kind.emptyDraft(timeZone));
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(await onAdd(draft, file))) return;
    setDraft(kind.emptyDraft(timeZone));
    setFile(null);
    setInputKey((key) => key + 1);
  }

  const adding = action.running === ADD;
  return (
    <form className="add-form" onSubmit={submit} noValidate aria-label={kind.addButton}>
      <Alert failure={action.alertFor(ADD)} onDismiss={action.dismiss} />
      <kind.Fields draft={draft} onChange={setDraft} disabled={adding} idPrefix={`${kind.id}-new`} />
      <ImageInput key={inputKey} label="Image" onFile={setFile} disabled={adding} />
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {action.label(ADD, kind.addButton, 'Adding…')}
        </button>
      </div>
      {adding && <UploadProgress sent={action.progress} />}
    </form>
  );
}

function ItemRow<T extends Item, Draft>({
  kind,
  item,
  action,
  endpoint,
  editing,
  onEditing,
  onItems,
}: {
  kind: ItemKind<T, Draft>;
  item: T;
  action: Action;
  endpoint: string;
  editing: boolean;
  onEditing: (on: boolean) => void;
  onItems: (items: T[]) => void;
}) {
  const path = `${endpoint}/${item._id}`;
  const editButtonId = `${kind.id}-edit-${item._id}`;
  const deleteKey = `${item._id}:delete`;
  const imageKey = `${item._id}:image`;

  // Back to where the keyboard was before editing.
  const returnFocus = useFocusReturn(editing, editButtonId);
  function finishEditing() {
    returnFocus();
    onEditing(false);
  }

  async function save(draft: Draft, file: File | null) {
    const problem = kind.problem(draft);
    if (problem) return action.refuse(item._id, problem);
    const done = await action.run(item._id, kind.failures.update, async (progress) => {
      const image = file ? await uploadImage(file, progress) : item.image;
      onItems(await adminRequest<T[]>(path, { method: 'PUT', json: kind.body(draft, image) }));
    });
    if (done) finishEditing();
  }

  function remove() {
    if (!window.confirm(`Delete the ${kind.noun} "${item.title}"?`)) return;
    void action.run(
      deleteKey,
      kind.failures.delete,
      async () => {
        onItems(await deleteWithUndo<T[]>(path, `${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)} deleted`));
      },
      item._id,
    );
  }

  function removeImage() {
    if (!window.confirm(`Delete the image of the ${kind.noun} "${item.title}"?`)) return;
    void action.run(
      imageKey,
      kind.failures.deleteImage,
      async () => {
        onItems(await adminRequest<T[]>(`${path}/image`, { method: 'DELETE' }));
      },
      item._id,
    );
  }

  return (
    <li className="item" aria-label={item.title}>
      <Alert failure={action.alertFor(item._id)} onDismiss={action.dismiss} />
      {editing ? (
        <EditForm kind={kind} item={item} action={action} onSave={save} onCancel={finishEditing} />
      ) : (
        <div className="item-view">
          {item.image && <Thumbnail imageId={item.image.imageId} alt="" />}
          <div className="item-body">
            <kind.Details item={item} />
          </div>
          <div className="item-actions">
            <button type="button" id={editButtonId} onClick={() => onEditing(true)} disabled={action.busy}>
              Edit
            </button>
            {item.image && (
              <button type="button" className="secondary" onClick={removeImage} disabled={action.busy}>
                {action.label(imageKey, 'Delete image', 'Deleting image…')}
              </button>
            )}
            <button type="button" className="danger" onClick={remove} disabled={action.busy}>
              {action.label(deleteKey, 'Delete', 'Deleting…')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function EditForm<T extends Item, Draft>({
  kind,
  item,
  action,
  onSave,
  onCancel,
}: {
  kind: ItemKind<T, Draft>;
  item: T;
  action: Action;
  onSave: (draft: Draft, file: File | null) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => kind.draftOf(item));
  const [file, setFile] = useState<File | null>(null);
  const saving = action.running === item._id;
  const idPrefix = `${kind.id}-${item._id}`;

  useEffect(() => {
    document.getElementById(`${idPrefix}-title`)?.focus();
  }, [idPrefix]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void onSave(draft, file);
  }

  return (
    <form className="edit-form" onSubmit={submit} noValidate aria-label={`Edit ${item.title}`}>
      <kind.Fields draft={draft} onChange={setDraft} disabled={saving} idPrefix={idPrefix} />
      <ImageInput label={item.image ? 'Replace the image' : 'Image'} onFile={setFile} disabled={saving} />
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
      {saving && <UploadProgress sent={action.progress} />}
    </form>
  );
}
