import { type FormEvent, useEffect, useState } from 'react';
import type { AdminListPage } from '../../contract/admin-lists.ts';
import { writeToList } from '../../lib/admin-api.ts';
import { Alert } from './Alert.tsx';
import { type AttachmentExtra, chosenRef } from './attachments.tsx';
import { ItemRow } from './ItemRow.tsx';
import { UploadProgress } from './images.tsx';
import { type Item, type ItemKind, problemOf } from './item-kind.ts';
import { ListSearch, ListStatus, ShowMore } from './list-window.tsx';
import { Panel } from './Panel.tsx';
import { newPublishing, PublishingChoice, type PublishingDraft, publishingBody } from './PublishingChoice.tsx';
import { useSignedIn } from './signed-in.ts';
import { useSchoolTimeZone } from './time-zone.ts';
import { type Action, useAction } from './use-action.ts';
import { useOpenedItem } from './use-opened-item.ts';
import { useServerList } from './use-server-list.ts';

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
