import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import {
  FREQUENCIES,
  type Frequency,
  SUBSCRIPTION_TOPICS,
  type SubscribersReport,
  type SubscriptionTopic,
} from '../../contract/subscriptions.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { formatMoment } from '../../lib/display-format.ts';
import { Alert, type Failure, failureOf } from './Alert.tsx';
import { FoundSubscription } from './FoundSubscription.tsx';
import { Panel } from './Panel.tsx';
import { useSchoolTimeZone } from './time-zone.ts';

const PATH = '/api/admin/subscribers';

const TOPIC_NAMES: Record<SubscriptionTopic, string> = {
  alerts: 'Urgent notices',
  news: 'News',
  events: 'Events',
  circulars: 'Circulars',
};
const FREQUENCY_NAMES: Record<Frequency, string> = {
  instant: 'At once',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};

/**
 * The families who get the school's e-mails (Administrators and the Office): how many follow what
 * and how often, one address found on request, and what became of each message sent. Every look
 * is recorded in the activity log.
 */
export function SubscribersSection() {
  const timeZone = useSchoolTimeZone();
  const [report, setReport] = useState<SubscribersReport | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [email, setEmail] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  const load = useCallback(async (address: string | null) => {
    setBusy(true);
    setFailure(null);
    try {
      const query = address ? `?email=${encodeURIComponent(address)}` : '';
      setReport(await adminRequest<SubscribersReport>(`${PATH}${query}`));
      setSearched(address);
    } catch (error) {
      setFailure(failureOf('Failed to load the subscribers', error));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => void load(null), [load]);

  function search(event: FormEvent) {
    event.preventDefault();
    void load(email.trim() || null);
  }

  return (
    <Panel
      id="subscribers"
      title="Subscribers"
      summary="The families who get the school's notices, news, events and circulars by e-mail, and what became of each message."
    >
      <Alert failure={failure} onDismiss={() => setFailure(null)} />
      {report === null ? (
        <p className="empty" role="status">
          {busy ? 'Loading the subscribers…' : 'The subscribers could not be loaded.'}
        </p>
      ) : (
        <>
          <SubscriberCounts counts={report.counts} />
          <form className="person-search" onSubmit={search} noValidate aria-labelledby="subscriber-search-title">
            <h3 id="subscriber-search-title">Find a subscriber</h3>
            <div className="person-search-row">
              <div className="field person-value">
                <label className="field-label" htmlFor={fieldId}>
                  E-mail address
                </label>
                <input
                  id={fieldId}
                  type="email"
                  autoComplete="off"
                  spellCheck={false}
                  value={email}
                  maxLength={254}
                  onChange={(event) => setEmail(event.target.value)}
                  disabled={busy}
                />
              </div>
              <button type="submit" disabled={busy}>
                {busy ? 'Searching…' : 'Search'}
              </button>
            </div>
            <p className="hint">Every look at the subscribers is recorded in the activity log (never the address).</p>
          </form>
          {searched && report.found && (
            <div className="person-group" role="status">
              {report.found.length === 0 ? (
                <p className="empty">No subscription for {searched}.</p>
              ) : (
                <ul className="item-list" aria-label={`Subscription of ${searched}`}>
                  {report.found.map((subscription) => (
                    <FoundSubscription key={subscription._id} subscription={subscription} />
                  ))}
                </ul>
              )}
            </div>
          )}
          <SentMessages messages={report.messages} timeZone={timeZone} />
        </>
      )}
    </Panel>
  );
}

function SubscriberCounts({ counts }: { counts: SubscribersReport['counts'] }) {
  const rows: [string, number][] = [
    ['Confirmed', counts.confirmed],
    ['Not confirmed yet', counts.unconfirmed],
    ['Suspended (their mail server refused 3 times)', counts.suspended],
    ['Devices notified (phones and computers)', counts.devices],
    ...SUBSCRIPTION_TOPICS.map((topic): [string, number] => [`Follow: ${TOPIC_NAMES[topic]}`, counts.topics[topic]]),
    ...FREQUENCIES.map((frequency): [string, number] => [
      `Get: ${FREQUENCY_NAMES[frequency]}`,
      counts.frequencies[frequency],
    ]),
  ];
  return (
    <table className="report-table subscriber-counts">
      <caption>How many (the topics and frequencies of those confirmed and not suspended)</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SentMessages({ messages, timeZone }: { messages: SubscribersReport['messages']; timeZone: string }) {
  if (messages.length === 0) return <p className="empty">No message has been sent to the subscribers yet.</p>;
  return (
    <table className="report-table sent-messages">
      <caption>Messages sent, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Message</th>
          <th scope="col">Sent</th>
          <th scope="col">Delivered</th>
          <th scope="col">Failed</th>
          <th scope="col">Bounced</th>
          <th scope="col">Unsubscribed since</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.id}>
            <th scope="row">{message.about}</th>
            <td>{formatMoment(message.finishedAt, timeZone)}</td>
            <td>{message.sent}</td>
            <td>{message.failed}</td>
            <td>{message.bounced}</td>
            <td>{message.unsubscribedSince}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
