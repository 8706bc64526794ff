import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { AdminListPage } from '../../contract/admin-lists.ts';
import { type Publication, versionOf } from '../../contract/publication.ts';
import { writeToList } from '../../lib/admin-api.ts';
import { Alert } from './Alert.tsx';
import { type Attachment, type AttachmentExtra, chosenRef } from './attachments.tsx';
import { ItemStateLine, PreviewButton, ReviewActions } from './ItemReview.tsx';
import { UploadProgress } from './images.tsx';
import { ListSearch, ListStatus, ShowMore } from './list-window.tsx';
import { Panel } from './Panel.tsx';
import {
  newPublishing,
  PublishingChoice,
  type PublishingDraft,
  publishingBody,
  publishingOf,
  publishingProblem,
} from './PublishingChoice.tsx';
import { useSignedIn } from './signed-in.ts';
import { changedFields, type FieldChange, SaveConflict, type StaleSave, staleSaveOf } from './stale-save.tsx';
import { useSchoolTimeZone } from './time-zone.ts';
import { deleteFromListWithUndo } from './undo.ts';
import { type Action, useAction } from './use-action.ts';
import { useFocusReturn } from './use-focus-return.ts';
import { useOpenedItem } from './use-opened-item.ts';
import { EditingNow } from './use-presence.tsx';
import { useServerList } from './use-server-list.ts';

interface Item extends Publication {
  _id: string;
  title: string;
}

export interface FieldsProps<Draft> {
  draft: Draft;
  onChange: (draft: Draft) => void;
  disabled: boolean;
  /** Makes the fields' ids unique on the page; the title field's id is `${idPrefix}-title`. */
  idPrefix: string;
}

/** What differs between events, news and circulars: their fields, checks, texts, attachment and how an item reads. */
export interface ItemKind<T extends Item, Draft, Ref = unknown> {
  id: 'events' | 'news' | 'circulars';
  title: string;
  /** Under the title; `count` is how many items the list holds (that the account sees). */
  summary: string | ((count: number) => string);
  /** `event`, `news item`: used in confirmations. */
  noun: string;
  addButton: string;
  empty: string;
  /** Said after the question before a delete, when more goes with the item. */
  deleteWarning?: string;
  failures: { add: string; update: string; delete: string; deleteAttachment?: string };
  /** A new item's fields; `timeZone` is the school's, which says what day it is. */
  emptyDraft: (timeZone: string) => Draft;
  draftOf: (item: T) => Draft;
  /** The spec's validation alert, or null when the draft can be sent. */
  problem: (draft: Draft) => string | null;
  body: (draft: Draft, attachment: Ref | null) => unknown;
  attachment: Attachment<T, Ref>;
  Fields: (props: FieldsProps<Draft>) => ReactNode;
  Details: (props: { item: T }) => ReactNode;
}

/** The alert for a draft, the file chosen with it and when to publish it, or null when they can be sent. */
function problemOf<T extends Item, Draft, Ref>(
  kind: ItemKind<T, Draft, Ref>,
  draft: Draft,
  file: File | null,
  publishing: PublishingDraft,
) {
  return kind.problem(draft) ?? (file && kind.attachment.problem?.(file)) ?? publishingProblem(publishing);
}

/** What the result of a save is: saved, or refused because someone changed the item meanwhile. */
type Saved<T> = { saved: true } | { saved: false; stale?: StaleSave<T> };

const ADD = 'add';

/**
 * Events, news and circulars: an add form, and the list, where an item can be edited in place
 * (Save or Cancel), lose its attachment, be deleted, previewed, sent for review, approved or
 * returned. The list is read from the server a page (or a search) at a time; after each write
 * (answered without the list) the dashboard reads the shown pages again (`revision`).
 * Each item shows its state; a Contributor changes only its own drafts.
 */
export function ItemsSection<T extends Item, Draft, Ref>({
  kind,
  revision,
  first,
  onWritten,
}: {
  kind: ItemKind<T, Draft, Ref>;
  /** Changes after each write to the list: the shown pages are read again. */
  revision: number;
  /** Its first page, when the dashboard read it already. */
  first?: AdminListPage<T> | undefined;
  /** A write to the list succeeded. */
  onWritten: () => void;
}) {
  const action = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  const endpoint = `/api/${kind.id}`;
  const list = useServerList<T>(kind.id, revision, first);
  const summary = typeof kind.summary === 'function' ? kind.summary(list.total) : kind.summary;
  // An item the address names (`#events/<id>`, a link of the accessibility report): the list
  // shows it alone (the search matches an id too) and it opens for editing.
  const opened = useOpenedItem(kind.id);
  const [reveal, setReveal] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address names another item
  useEffect(() => {
    if (!opened) return;
    list.search(opened);
    setEditing(opened);
    setReveal(opened);
  }, [opened]);
  // Once its form is shown, it takes the focus, after the dashboard focused the view's heading.
  useEffect(() => {
    if (!reveal || !list.items?.some((item) => item._id === reveal)) return;
    const frame = requestAnimationFrame(() => {
      const title = document.getElementById(`${kind.id}-${reveal}-title`);
      title?.focus({ preventScroll: true });
      title?.scrollIntoView({ block: 'center' });
      setReveal(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [reveal, list.items, kind.id]);

  async function add(
    draft: Draft,
    file: File | null,
    publishing: PublishingDraft,
    extra: AttachmentExtra<Ref>,
  ): Promise<boolean> {
    const problem = problemOf(kind, draft, file, publishing);
    if (problem) {
      action.refuse(ADD, problem);
      return false;
    }
    return action.run(ADD, kind.failures.add, async (progress) => {
      const uploaded = file ? await kind.attachment.upload(file, progress) : null;
      const attachment = chosenRef(kind.attachment.finish, uploaded, extra, null);
      const body = { ...(kind.body(draft, attachment) as object), ...publishingBody(publishing) };
      await writeToList(endpoint, { method: 'POST', json: body });
      onWritten();
    });
  }
  return (
    <Panel id={kind.id} title={kind.title} summary={summary}>
      <AddForm kind={kind} action={action} onAdd={add} />
      <ListStatus list={list} noun={kind.id} />
      {list.items === null ? null : list.total === 0 ? (
        <p className="empty">{kind.empty}</p>
      ) : (
        <>
          <ListSearch list={list} total={list.total} />
          <ul className="item-list" aria-label={kind.title}>
            {list.items.map((item) => (
              <ItemRow
                key={item._id}
                kind={kind}
                item={item}
                action={action}
                endpoint={endpoint}
                editing={editing === item._id}
                onEditing={(on) => setEditing(on ? item._id : null)}
                onWritten={onWritten}
                onStored={list.replace}
              />
            ))}
          </ul>
          <ShowMore list={list} noun={kind.id} />
        </>
      )}
    </Panel>
  );
}

function AddForm<T extends Item, Draft, Ref>({
  kind,
  action,
  onAdd,
}: {
  kind: ItemKind<T, Draft, Ref>;
  action: Action;
  onAdd: (
    draft: Draft,
    file: File | null,
    publishing: PublishingDraft,
    extra: AttachmentExtra<Ref>,
  ) => Promise<boolean>;
}) {
  const timeZone = useSchoolTimeZone();
  const signedIn = useSignedIn();
  const [draft, setDraft] = useState(() => kind.emptyDraft(timeZone));
  const [file, setFile] = useState<File | null>(null);
  const [publishing, setPublishing] = useState(() => newPublishing(signedIn.may('publish')));
  const [inputKey, setInputKey] = useState(0);
  const [extra, setExtra] = useState<AttachmentExtra<Ref>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(await onAdd(draft, file, publishing, extra))) return;
    setDraft(kind.emptyDraft(timeZone));
    setFile(null);
    setExtra({});
    setPublishing(newPublishing(signedIn.may('publish')));
    setInputKey((key) => key + 1);
  }

  const adding = action.running === ADD;
  return (
    <form className="add-form" onSubmit={submit} noValidate aria-label={kind.addButton}>
      <Alert failure={action.alertFor(ADD)} onDismiss={action.dismiss} />
      <kind.Fields draft={draft} onChange={setDraft} disabled={adding} idPrefix={`${kind.id}-new`} />
      <kind.attachment.Input key={inputKey} label={kind.attachment.labels.add} onFile={setFile} disabled={adding} />
      {kind.attachment.Extra && (
        <kind.attachment.Extra
          value={extra}
          onChange={setExtra}
          disabled={adding}
          chosen={file !== null || extra.picked !== undefined}
        />
      )}
      <PublishingChoice idPrefix={`${kind.id}-new`} value={publishing} onChange={setPublishing} disabled={adding} />
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {action.label(ADD, kind.addButton, 'Adding…')}
        </button>
      </div>
      {adding && <UploadProgress sent={action.progress} sentText={kind.attachment.sentText} />}
    </form>
  );
}

function ItemRow<T extends Item, Draft, Ref>({
  kind,
  item,
  action,
  endpoint,
  editing,
  onEditing,
  onWritten,
  onStored,
}: {
  kind: ItemKind<T, Draft, Ref>;
  item: T;
  action: Action;
  endpoint: string;
  editing: boolean;
  onEditing: (on: boolean) => void;
  onWritten: () => void;
  onStored: (item: T) => void;
}) {
  const signedIn = useSignedIn();
  const mayChange = signedIn.mayChange(item);
  const path = `${endpoint}/${item._id}`;
  const editButtonId = `${kind.id}-edit-${item._id}`;
  const deleteKey = `${item._id}:delete`;
  const attachmentKey = `${item._id}:attachment`;
  const { attachment } = kind;
  const attached = attachment.of(item);

  // Back to where the keyboard was before editing.
  const returnFocus = useFocusReturn(editing, editButtonId);
  function finishEditing() {
    returnFocus();
    onEditing(false);
  }

  /** Saves the edit made from `version` of the item; a save over a change made since is refused. */
  async function save(
    draft: Draft,
    file: File | null,
    detach: boolean,
    publishing: PublishingDraft,
    version: string,
    extra: AttachmentExtra<Ref>,
  ): Promise<Saved<T>> {
    const problem = problemOf(kind, draft, file, publishing);
    if (problem) {
      action.refuse(item._id, problem);
      return { saved: false };
    }
    let stale: StaleSave<T> | null = null;
    const done = await action.run(item._id, kind.failures.update, async (progress) => {
      const uploaded = file ? await attachment.upload(file, progress) : null;
      const kept = detach && !file ? null : chosenRef(attachment.finish, uploaded, extra, attached);
      const body = { ...(kind.body(draft, kept) as object), ...publishingBody(publishing), version };
      try {
        await writeToList(path, { method: 'PUT', json: body });
        onWritten();
      } catch (error) {
        stale = staleSaveOf<T>(error);
        if (!stale) throw error;
      }
    });
    if (done && !stale) {
      finishEditing();
      return { saved: true };
    }
    return stale ? { saved: false, stale } : { saved: false };
  }

  function remove() {
    const warning = kind.deleteWarning ? ` ${kind.deleteWarning}` : '';
    if (!window.confirm(`Delete the ${kind.noun} "${item.title}"?${warning}`)) return;
    void action.run(
      deleteKey,
      kind.failures.delete,
      async () => {
        await deleteFromListWithUndo(path, `${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)} deleted`);
        onWritten();
      },
      item._id,
    );
  }

  /** The photo's own Delete button (a document is removed from the edit form instead). */
  function removeImage() {
    if (!window.confirm(`Delete the image of the ${kind.noun} "${item.title}"?`)) return;
    void action.run(
      attachmentKey,
      kind.failures.deleteAttachment ?? kind.failures.update,
      async () => {
        await writeToList(`${path}/image`, { method: 'DELETE' });
        onWritten();
      },
      item._id,
    );
  }

  return (
    <li className="item" aria-label={item.title}>
      <Alert failure={action.alertFor(item._id)} onDismiss={action.dismiss} />
      {editing ? (
        <EditForm kind={kind} item={item} action={action} onSave={save} onCancel={finishEditing} onStored={onStored} />
      ) : (
        <div className="item-view">
          {attachment.Preview && <attachment.Preview item={item} />}
          <div className="item-body">
            <ItemStateLine item={item} />
            <kind.Details item={item} />
          </div>
          <div className="item-actions">
            <ReviewActions item={item} path={path} action={action} noun={kind.noun} onWritten={onWritten} />
            <PreviewButton kind={kind.id} id={item._id} title={item.title} />
            {mayChange && (
              <>
                <button type="button" id={editButtonId} onClick={() => onEditing(true)} disabled={action.busy}>
                  Edit
                </button>
                {attached !== null && attachment.removal === 'button' && (
                  <button type="button" className="secondary" onClick={removeImage} disabled={action.busy}>
                    {action.label(attachmentKey, 'Delete image', 'Deleting image…')}
                  </button>
                )}
                <button type="button" className="danger" onClick={remove} disabled={action.busy}>
                  {action.label(deleteKey, 'Delete', 'Deleting…')}
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

function EditForm<T extends Item, Draft, Ref>({
  kind,
  item,
  action,
  onSave,
  onCancel,
  onStored,
}: {
  kind: ItemKind<T, Draft, Ref>;
  item: T;
  action: Action;
  onSave: (
    draft: Draft,
    file: File | null,
    detach: boolean,
    publishing: PublishingDraft,
    version: string,
    extra: AttachmentExtra<Ref>,
  ) => Promise<Saved<T>>;
  onCancel: () => void;
  onStored: (item: T) => void;
}) {
  const [draft, setDraft] = useState(() => kind.draftOf(item));
  const [publishing, setPublishing] = useState(() => publishingOf(item));
  const [file, setFile] = useState<File | null>(null);
  const [detach, setDetach] = useState(false);
  const [extra, setExtra] = useState<AttachmentExtra<Ref>>(
    () => kind.attachment.extraOf?.(kind.attachment.of(item)) ?? {},
  );
  // The version this edit started from, and a save refused because the item changed since.
  const [version, setVersion] = useState(() => versionOf(item));
  const [stale, setStale] = useState<StaleSave<T> | null>(null);
  const [yours, setYours] = useState<FieldChange[]>([]);
  const saving = action.running === item._id;
  const idPrefix = `${kind.id}-${item._id}`;
  const { attachment } = kind;
  const attached = attachment.of(item);

  useEffect(() => {
    document.getElementById(`${idPrefix}-title`)?.focus();
  }, [idPrefix]);

  async function saveFrom(startedFrom: string) {
    const result = await onSave(draft, file, detach, publishing, startedFrom, extra);
    setStale(result.saved ? null : (result.stale ?? null));
  }
  const changes = stale
    ? changedFields(kind.draftOf(stale.current) as object as Record<string, unknown>, draft as Record<string, unknown>)
    : [];
  /** Takes their version into the form, keeping the person's own text beside it to copy from. */
  function takeTheirs(current: T) {
    setYours(changes);
    setDraft(kind.draftOf(current));
    setPublishing(publishingOf(current));
    setVersion(versionOf(current));
    setStale(null);
    onStored(current);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void saveFrom(version);
  }

  return (
    <form className="edit-form" onSubmit={submit} noValidate aria-label={`Edit ${item.title}`}>
      <EditingNow target={`${kind.id}/${item._id}`} what={`this ${kind.noun}`} />
      <SaveConflict
        stale={stale}
        changes={changes}
        yours={yours}
        busy={action.busy}
        onUseTheirs={takeTheirs}
        onSaveMine={(theirs) => void saveFrom(theirs)}
      />
      <kind.Fields draft={draft} onChange={setDraft} disabled={saving} idPrefix={idPrefix} />
      <attachment.Input
        label={attached ? attachment.labels.replace : attachment.labels.add}
        onFile={setFile}
        disabled={saving || detach}
      />
      {attached !== null && attachment.removal !== 'button' && (
        <label className="check">
          <input
            type="checkbox"
            checked={detach}
            disabled={saving || file !== null}
            onChange={(event) => setDetach(event.target.checked)}
          />
          {attachment.removal.checkbox(attached)}
        </label>
      )}
      {attachment.Extra && (
        <attachment.Extra
          value={extra}
          onChange={setExtra}
          disabled={saving || detach}
          chosen={!detach && (file !== null || extra.picked !== undefined || attached !== null)}
        />
      )}
      <PublishingChoice idPrefix={idPrefix} value={publishing} onChange={setPublishing} disabled={saving} />
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
      {saving && <UploadProgress sent={action.progress} sentText={attachment.sentText} />}
    </form>
  );
}
