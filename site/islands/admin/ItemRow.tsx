import { type FormEvent, useEffect, useState } from 'react';
import { versionOf } from '../../contract/publication.ts';
import { TRANSLATED_FIELDS } from '../../contract/translation-report.ts';
import { writeToList } from '../../lib/admin-api.ts';
import { Alert } from './Alert.tsx';
import { type AttachmentExtra, chosenRef } from './attachments.tsx';
import { ItemStateLine, PreviewButton, ReviewActions } from './ItemReview.tsx';
import { UploadProgress } from './images.tsx';
import { type Item, type ItemKind, problemOf } from './item-kind.ts';
import { PublishingChoice, type PublishingDraft, publishingBody, publishingOf } from './PublishingChoice.tsx';
import { useSignedIn } from './signed-in.ts';
import { changedFields, type FieldChange, SaveConflict, type StaleSave, staleSaveOf } from './stale-save.tsx';
import { TranslationBadges } from './translations/TranslationBadges.tsx';
import { deleteFromListWithUndo } from './undo.ts';
import type { Action } from './use-action.ts';
import { useFocusReturn } from './use-focus-return.ts';
import { EditingNow } from './use-presence.tsx';

/** What the result of a save is: saved, or refused because someone changed the item meanwhile. */
type Saved<T> = { saved: true } | { saved: false; stale?: StaleSave<T> };
/** Saves the edit made from `version` of an item (ItemRow's `save`, the edit form's `onSave`). */
type SaveEdit<T, Draft, Ref> = (
  draft: Draft,
  file: File | null,
  detach: boolean,
  publishing: PublishingDraft,
  version: string,
  extra: AttachmentExtra<Ref>,
) => Promise<Saved<T>>;

/** One item of the list: its view with its actions, or its form while it is edited in place. */
export function ItemRow<T extends Item, Draft, Ref>({
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
  const save: SaveEdit<T, Draft, Ref> = async (draft, file, detach, publishing, version, extra) => {
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
  };

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
            <TranslationBadges item={item} fields={TRANSLATED_FIELDS[kind.id]} />
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
  onSave: SaveEdit<T, Draft, Ref>;
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
      <kind.Fields draft={draft} onChange={setDraft} disabled={saving} idPrefix={idPrefix} stored={item} />
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
