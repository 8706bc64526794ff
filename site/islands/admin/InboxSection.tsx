import { useEffect, useState } from 'react';
import type { InboxMessage } from '../../contract/contact.ts';
import { SUBJECT_LABELS } from '../../contract/contact-subjects.ts';
import { DEFAULT_TIME_ZONE, dateInZone, timeInZone } from '../../contract/dates.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { countLabel, formatDate, formatTime } from '../../lib/display-format.ts';
import { Alert } from './Alert.tsx';
import { ConsentNote } from './ConsentNote.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { Panel } from './Panel.tsx';
import { useAction } from './use-action.ts';

type Inbox = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; messages: InboxMessage[] };

const load = () => adminRequest<InboxMessage[]>('/api/admin/messages');

/**
 * The messages sent with the contact form, newest first: read or unread, a reply by e-mail,
 * delete. Loaded on its own, so that the rest of the dashboard never waits for it, and again
 * whenever `reloads` changes (after a person's data was erased elsewhere).
 */
export function InboxSection({
  onMessages,
  reloads = 0,
}: {
  onMessages?: (messages: InboxMessage[]) => void;
  reloads?: number;
}) {
  const [inbox, setInbox] = useState<Inbox>({ state: 'loading' });
  const show = (messages: InboxMessage[]) => {
    setInbox({ state: 'ready', messages });
    onMessages?.(messages); // the dashboard's navigation counts the unread ones
  };
  const reload = () => void load().then(show, () => setInbox({ state: 'failed' }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when the dashboard opens, and when asked again
  useEffect(reload, [reloads]);

  if (inbox.state !== 'ready') {
    return (
      <Panel id="inbox" title="Inbox">
        {inbox.state === 'loading' ? (
          <p className="empty" role="status">
            Loading the messages…
          </p>
        ) : (
          <div className="alert" role="alert">
            <p>
              <strong>Failed to load the messages</strong>
            </p>
            <button type="button" className="secondary" onClick={reload}>
              Retry
            </button>
          </div>
        )}
      </Panel>
    );
  }
  const { messages } = inbox;
  const unread = messages.filter((message) => !message.read).length;
  return (
    <Panel
      id="inbox"
      title="Inbox"
      summary={
        <>
          <span className={`badge ${unread > 0 ? 'badge-unread' : 'badge-approved'}`}>{unread} unread</span>{' '}
          {countLabel(messages.length, 'message')} from the contact form, newest first.
        </>
      }
    >
      <div className="panel-tools">
        <DownloadButton path="/api/admin/messages.csv" fileName="messages.csv" label="Download messages (CSV)" />
      </div>
      <MessageList messages={messages} onMessages={show} />
    </Panel>
  );
}

function MessageList({
  messages,
  onMessages,
}: {
  messages: InboxMessage[];
  onMessages: (messages: InboxMessage[]) => void;
}) {
  const action = useAction();
  if (messages.length === 0) return <p className="empty">No messages yet.</p>;

  function setRead(message: InboxMessage, read: boolean) {
    void action.run(message._id, 'Failed to update the message', async () => {
      onMessages(
        await adminRequest<InboxMessage[]>(`/api/admin/messages/${message._id}`, { method: 'PUT', json: { read } }),
      );
    });
  }

  function remove(message: InboxMessage) {
    if (!window.confirm(`Delete the message from ${message.name}? This cannot be undone.`)) return;
    void action.run(
      `${message._id}:delete`,
      'Failed to delete the message',
      async () => {
        onMessages(await adminRequest<InboxMessage[]>(`/api/admin/messages/${message._id}`, { method: 'DELETE' }));
      },
      message._id,
    );
  }

  return (
    <ul className="item-list" aria-label="Messages">
      {messages.map((message) => (
        <li
          key={message._id}
          className={`item message${message.read ? '' : ' message-unread'}`}
          aria-label={`${message.read ? '' : 'Unread: '}${message.name}, ${SUBJECT_LABELS[message.subject]}`}
        >
          <Alert failure={action.alertFor(message._id)} onDismiss={action.dismiss} />
          <div className="alumnus-head">
            <h3 className="item-title">{message.name}</h3>
            <span className="badge badge-subject">{SUBJECT_LABELS[message.subject]}</span>
            {!message.read && <span className="badge badge-unread">UNREAD</span>}
          </div>
          <p className="item-meta">
            {receivedText(message.receivedAt)} · <a href={`mailto:${message.email}`}>{message.email}</a>
            {message.phone && (
              <>
                {' · '}
                <a href={`tel:${message.phone.replace(/[^+\d]/g, '')}`}>{message.phone}</a>
              </>
            )}
          </p>
          <p className="item-text">{message.message}</p>
          <ConsentNote consent={message.consent} of="message" />
          <div className="item-actions">
            <a className="button" href={replyLink(message)}>
              Reply
            </a>
            <button
              type="button"
              className="secondary"
              onClick={() => setRead(message, !message.read)}
              disabled={action.busy}
            >
              {action.label(message._id, message.read ? 'Mark as unread' : 'Mark as read', 'Saving…')}
            </button>
            <button type="button" className="danger" onClick={() => remove(message)} disabled={action.busy}>
              {action.label(`${message._id}:delete`, 'Delete', 'Deleting…')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function receivedText(receivedAt: string): string {
  const instant = new Date(receivedAt);
  return `${formatDate(dateInZone(instant, DEFAULT_TIME_ZONE))}, ${formatTime(timeInZone(instant, DEFAULT_TIME_ZONE))}`;
}

/** An e-mail to the sender, answering their message (quoted below). */
function replyLink(message: InboxMessage): string {
  const subject = `Re: Your message (${SUBJECT_LABELS[message.subject]})`;
  // Mail programs take links of a few thousand characters at most.
  const quoted = message.message
    .slice(0, 1500)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `Dear ${message.name},\n\n\n\n${receivedText(message.receivedAt)}, you wrote:\n${quoted}`;
  return `mailto:${encodeURIComponent(message.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
