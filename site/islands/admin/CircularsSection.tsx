import { type FormEvent, useEffect, useId, useState } from 'react';
import { type Circular, type DocumentRef, newestCircularsFirst } from '../../contract/content.ts';
import { DEFAULT_TIME_ZONE, dateInZone } from '../../contract/dates.ts';
import { adminRequest, uploadDocument } from '../../lib/admin-api.ts';
import {
  type CircularDraft,
  circularBody,
  circularDraftOf,
  circularProblem,
  documentFileProblem,
  emptyCircularDraft,
} from '../../lib/circular-draft.ts';
import { countLabel, formatDate } from '../../lib/display-format.ts';
import { documentUrl } from '../../lib/document-url.ts';
import { Field } from '../forms/Field.tsx';
import { TextField } from '../forms/TextField.tsx';
import { Alert } from './Alert.tsx';
import { UploadProgress } from './images.tsx';
import { Panel } from './Panel.tsx';
import { deleteWithUndo } from './undo.ts';
import { type Action, type Progress, useAction } from './use-action.ts';
import { useFocusReturn } from './use-focus-return.ts';

const ADD = 'add';
const FAILED = {
  add: 'Failed to add circular',
  update: 'Failed to update circular',
  delete: 'Failed to delete circular',
};
const SENT_TEXT = 'Saving the document…';

/**
 * Circulars, newest first: add one with its PDF, edit it in place (replace or remove the PDF),
 * delete it. Every call answers the list, which replaces the shown one.
 */
export function CircularsSection({
  circulars,
  onCirculars,
}: {
  circulars: Circular[];
  onCirculars: (circulars: Circular[]) => void;
}) {
  const action = useAction();
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Panel
      id="circulars"
      title="Circulars"
      summary={`Shown on the Notifications & Circular page, each with its PDF. ${countLabel(circulars.length, 'circular')}.`}
    >
      <AddCircular action={action} onCirculars={onCirculars} />
      {circulars.length === 0 ? (
        <p className="empty">No circulars yet.</p>
      ) : (
        <ul className="item-list" aria-label="Circulars">
          {newestCircularsFirst(circulars).map((circular) => (
            <CircularRow
              key={circular._id}
              circular={circular}
              action={action}
              editing={editing === circular._id}
              onEditing={(on) => setEditing(on ? circular._id : null)}
              onCirculars={onCirculars}
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Uploads `file` (when one was chosen) and answers the document the circular is to have. */
async function documentFor(file: File | null, kept: DocumentRef | null, progress: Progress) {
  if (!file) return kept;
  const { documentId, originalName } = await uploadDocument(file, progress);
  return { documentId, originalName };
}

function AddCircular({ action, onCirculars }: { action: Action; onCirculars: (circulars: Circular[]) => void }) {
  const today = () => dateInZone(new Date(), DEFAULT_TIME_ZONE);
  const [draft, setDraft] = useState(() => emptyCircularDraft(today()));
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const adding = action.running === ADD;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = circularProblem(draft) ?? (file && documentFileProblem(file));
    if (problem) return action.refuse(ADD, problem);
    const done = await action.run(ADD, FAILED.add, async (progress) => {
      const document = await documentFor(file, null, progress);
      onCirculars(
        await adminRequest<Circular[]>('/api/circulars', { method: 'POST', json: circularBody(draft, document) }),
      );
    });
    if (!done) return;
    setDraft(emptyCircularDraft(today()));
    setFile(null);
    setInputKey((key) => key + 1);
  }

  return (
    <form className="add-form" onSubmit={submit} noValidate aria-label="Add circular">
      <Alert failure={action.alertFor(ADD)} onDismiss={action.dismiss} />
      <CircularFields draft={draft} onChange={setDraft} disabled={adding} idPrefix="circulars-new" />
      <DocumentInput key={inputKey} label="PDF document" onFile={setFile} disabled={adding} />
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {action.label(ADD, 'Add circular', 'Adding…')}
        </button>
      </div>
      {adding && <UploadProgress sent={action.progress} sentText={SENT_TEXT} />}
    </form>
  );
}

function CircularRow({
  circular,
  action,
  editing,
  onEditing,
  onCirculars,
}: {
  circular: Circular;
  action: Action;
  editing: boolean;
  onEditing: (on: boolean) => void;
  onCirculars: (circulars: Circular[]) => void;
}) {
  const path = `/api/circulars/${circular._id}`;
  const editButtonId = `circulars-edit-${circular._id}`;
  const deleteKey = `${circular._id}:delete`;

  const returnFocus = useFocusReturn(editing, editButtonId);
  function finishEditing() {
    returnFocus();
    onEditing(false);
  }

  async function save(draft: CircularDraft, file: File | null, removeDocument: boolean) {
    const problem = circularProblem(draft) ?? (file && documentFileProblem(file));
    if (problem) return action.refuse(circular._id, problem);
    const done = await action.run(circular._id, FAILED.update, async (progress) => {
      const document = await documentFor(file, removeDocument ? null : circular.document, progress);
      onCirculars(await adminRequest<Circular[]>(path, { method: 'PUT', json: circularBody(draft, document) }));
    });
    if (done) finishEditing();
  }

  function remove() {
    if (!window.confirm(`Delete the circular "${circular.title}"? Its PDF will no longer be available.`)) return;
    void action.run(
      deleteKey,
      FAILED.delete,
      async () => {
        onCirculars(await deleteWithUndo<Circular[]>(path, 'Circular deleted'));
      },
      circular._id,
    );
  }

  return (
    <li className="item" aria-label={circular.title}>
      <Alert failure={action.alertFor(circular._id)} onDismiss={action.dismiss} />
      {editing ? (
        <EditCircular circular={circular} action={action} onSave={save} onCancel={finishEditing} />
      ) : (
        <div className="item-view">
          <div className="item-body">
            <h3 className="item-title">{circular.title}</h3>
            <p className="item-meta">Issued on {formatDate(circular.date)}</p>
            {circular.description && <p className="item-text">{circular.description}</p>}
            <p className="item-meta">
              {circular.document ? (
                <a href={documentUrl(circular.document.documentId)} target="_blank" rel="noopener">
                  {circular.document.originalName || 'The PDF document'}
                </a>
              ) : (
                'No PDF document'
              )}
            </p>
          </div>
          <div className="item-actions">
            <button type="button" id={editButtonId} onClick={() => onEditing(true)} disabled={action.busy}>
              Edit
            </button>
            <button type="button" className="danger" onClick={remove} disabled={action.busy}>
              {action.label(deleteKey, 'Delete', 'Deleting…')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

function EditCircular({
  circular,
  action,
  onSave,
  onCancel,
}: {
  circular: Circular;
  action: Action;
  onSave: (draft: CircularDraft, file: File | null, removeDocument: boolean) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => circularDraftOf(circular));
  const [file, setFile] = useState<File | null>(null);
  const [removeDocument, setRemoveDocument] = useState(false);
  const saving = action.running === circular._id;
  const idPrefix = `circulars-${circular._id}`;

  useEffect(() => {
    document.getElementById(`${idPrefix}-title`)?.focus();
  }, [idPrefix]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void onSave(draft, file, removeDocument);
  }

  return (
    <form className="edit-form" onSubmit={submit} noValidate aria-label={`Edit ${circular.title}`}>
      <CircularFields draft={draft} onChange={setDraft} disabled={saving} idPrefix={idPrefix} />
      <DocumentInput
        label={circular.document ? 'Replace the PDF' : 'PDF document'}
        onFile={setFile}
        disabled={saving || removeDocument}
      />
      {circular.document && (
        <label className="check">
          <input
            type="checkbox"
            checked={removeDocument}
            disabled={saving || file !== null}
            onChange={(event) => setRemoveDocument(event.target.checked)}
          />
          Remove the PDF ({circular.document.originalName || 'document'})
        </label>
      )}
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
      {saving && <UploadProgress sent={action.progress} sentText={SENT_TEXT} />}
    </form>
  );
}

function CircularFields({
  draft,
  onChange,
  disabled,
  idPrefix,
}: {
  draft: CircularDraft;
  onChange: (draft: CircularDraft) => void;
  disabled: boolean;
  idPrefix: string;
}) {
  const set = (key: keyof CircularDraft) => (value: string) => onChange({ ...draft, [key]: value });
  return (
    <div className="field-grid">
      <TextField
        id={`${idPrefix}-title`}
        label="Title"
        value={draft.title}
        onChange={set('title')}
        required
        disabled={disabled}
        maxLength={200}
      />
      <TextField
        id={`${idPrefix}-date`}
        label="Date"
        type="date"
        value={draft.date}
        onChange={set('date')}
        required
        disabled={disabled}
      />
      <TextField
        id={`${idPrefix}-description`}
        label="Description"
        value={draft.description}
        onChange={set('description')}
        disabled={disabled}
        multiline
        maxLength={5000}
      />
    </div>
  );
}

/** A file chooser for PDF documents. Give it a new `key` to clear it after a successful upload. */
function DocumentInput({
  label,
  onFile,
  disabled,
}: {
  label: string;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Field id={id} name="document" label={label}>
      {({ required: _required, ...control }) => (
        <input
          {...control}
          type="file"
          accept="application/pdf,.pdf"
          disabled={disabled}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}
