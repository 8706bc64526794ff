/**
 * An item's state in the lists of the dashboard, and what can be done about it: its badge
 * ("Draft", "Waiting for review", "Scheduled for Mon 30 Nov 08:00", "Published"), who wrote it,
 * a reviewer's note, Send for review, Approve, Return with a note, and a preview of how the public
 * page will show it.
 */
import { type FormEvent, useId, useState } from 'react';
import type { PreviewKind } from '../../contract/public-content.ts';
import { type Publication, type Status, versionOf } from '../../contract/publication.ts';
import { adminRequest, writeToList } from '../../lib/admin-api.ts';
import { failureMessage } from '../../lib/api-client.ts';
import { itemState } from '../../lib/publication-state.ts';
import { CloseButton, Modal } from '../parts/Modal.tsx';
import { useSignedIn } from './signed-in.ts';
import { useSchoolTimeZone } from './time-zone.ts';
import type { Action } from './use-action.ts';

/** The state badge, the author and a reviewer's note. */
export function ItemStateLine({ item }: { item: Publication }) {
  const timeZone = useSchoolTimeZone();
  const { label, tone } = itemState(item, new Date(), timeZone);
  return (
    <p className="item-state">
      <span className={`badge state-${tone}`}>{label}</span>
      {item.author && <span className="item-author">by {item.author.username}</span>}
      {item.reviewNote && item.status !== 'published' && (
        <span className="review-note">
          <strong>Reviewer’s note:</strong> {item.reviewNote}
        </span>
      )}
    </p>
  );
}

/**
 * The review buttons of an item: Send for review (its author, while a draft), Approve and Return
 * (those who publish, while it waits for review). `path` is the item's address in the API.
 */
export function ReviewActions<T extends Publication & { _id: string }>({
  item,
  path,
  action,
  noun,
  onWritten,
}: {
  item: T;
  path: string;
  action: Action;
  noun: string;
  /** The item's state changed: its list is read again. */
  onWritten: () => void;
}) {
  const signedIn = useSignedIn();
  const [returning, setReturning] = useState(false);
  const key = `${item._id}:review`;
  const change = (status: Status, note?: string) =>
    action.run(
      key,
      `Failed to update the ${noun}`,
      async () => {
        const body = { status, note, version: versionOf(item) };
        await writeToList(`${path}/status`, { method: 'PUT', json: body });
        onWritten();
      },
      item._id,
    );

  if (returning) {
    return (
      <ReturnForm
        noun={noun}
        busy={action.busy}
        onCancel={() => setReturning(false)}
        onReturn={async (note) => {
          if (await change('draft', note)) setReturning(false);
        }}
      />
    );
  }
  const sending = action.running === key;
  return (
    <>
      {item.status === 'draft' && signedIn.mayChange(item) && !signedIn.may('publish') && (
        <button type="button" onClick={() => void change('review')} disabled={action.busy}>
          {sending ? 'Sending…' : 'Send for review'}
        </button>
      )}
      {item.status === 'review' && signedIn.may('publish') && (
        <>
          <button type="button" onClick={() => void change('published')} disabled={action.busy}>
            {sending ? 'Approving…' : 'Approve'}
          </button>
          <button type="button" className="secondary" onClick={() => setReturning(true)} disabled={action.busy}>
            Return
          </button>
        </>
      )}
    </>
  );
}

function ReturnForm({
  noun,
  busy,
  onCancel,
  onReturn,
}: {
  noun: string;
  busy: boolean;
  onCancel: () => void;
  onReturn: (note: string) => Promise<void>;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onReturn(note.trim());
  };
  return (
    <form className="return-form" onSubmit={submit} aria-label={`Return the ${noun} with a note`}>
      <label className="field-label" htmlFor={`${id}-note`}>
        Note for the author (what to change)
      </label>
      <textarea id={`${id}-note`} rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="form-actions">
        <button type="submit" disabled={busy}>
          Return to the author
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * "Preview": how the public page will show the item, rendered by the server with the site's layout,
 * in a frame (at a link good for this preview alone, for ten minutes: a frame cannot send the token).
 */
export function PreviewButton({
  kind,
  id,
  title,
  label = 'Preview',
}: {
  kind: PreviewKind;
  id: string;
  title: string;
  label?: string;
}) {
  const [state, setState] = useState<{ url: string } | { error: string } | 'loading' | null>(null);
  const headingId = useId();

  async function open() {
    setState('loading');
    try {
      setState(await adminRequest<{ url: string }>(`/api/admin/preview-link/${kind}/${encodeURIComponent(id)}`));
    } catch (error) {
      setState({ error: failureMessage(error, 'Failed to load the preview') });
    }
  }

  const shown = state !== null && state !== 'loading' ? state : null;
  return (
    <>
      <button type="button" className="secondary" onClick={() => void open()} disabled={state === 'loading'}>
        {state === 'loading' ? 'Opening preview…' : label}
      </button>
      <Modal open={shown !== null} onClose={() => setState(null)} labelledBy={headingId} className="preview-modal">
        <CloseButton onClose={() => setState(null)} />
        <h2 id={headingId} className="preview-title">
          Preview: {title}
        </h2>
        {shown && 'error' in shown && (
          <p className="notice notice-error" role="alert">
            {shown.error}
          </p>
        )}
        {shown && 'url' in shown && (
          <iframe
            className="preview-frame"
            title={`How the public page will show ${title}`}
            src={shown.url}
            // Shown, not run: the page's own scripts and links stay inert inside the dashboard.
            sandbox="allow-same-origin"
          />
        )}
      </Modal>
    </>
  );
}
