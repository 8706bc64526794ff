import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { Alumni } from '../../contract/alumni.ts';
import type { InboxMessage } from '../../contract/contact.ts';
import { SUBJECT_LABELS } from '../../contract/contact-subjects.ts';
import { type Erased, type PendingMail, type PersonalDataFound, PersonQuery } from '../../contract/personal-data.ts';
import type { Subscription } from '../../contract/subscriptions.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { formatMoment } from '../../lib/display-format.ts';
import {
  erasedText,
  eraseQuestion,
  foundCounts,
  foundNothing,
  nothingKept,
  PERSON_BY_NAMES,
  type PersonBy,
  type PersonSearch,
  personQuery,
  recordCounts,
} from '../../lib/personal-data-text.ts';
import { Alert } from './Alert.tsx';
import { ConsentNote } from './ConsentNote.tsx';
import { Details } from './Details.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { FoundSubscription } from './FoundSubscription.tsx';
import { Panel } from './Panel.tsx';
import { RetentionPanel } from './RetentionPanel.tsx';
import { useSchoolTimeZone } from './time-zone.ts';
import { useAction } from './use-action.ts';

type Found = PersonalDataFound<Alumni, InboxMessage, Subscription>;

const SEARCH = 'search';
const ERASE = 'erase';
const PATH = '/api/admin/personal-data';

/**
 * A person's requests, answered in one place: everything kept about them, found by the e-mail
 * address or phone number they gave, downloaded as one file or erased in one confirmed step; and
 * how long personal data is kept (changed by Administrators, read by the Office).
 * `onErased` tells the dashboard, whose inbox and alumni lists then load again.
 */
export function PersonalDataSection({ onErased }: { onErased: () => void }) {
  const [erasures, setErasures] = useState(0);
  return (
    <>
      <PersonSearchPanel
        onErased={() => {
          setErasures((count) => count + 1);
          onErased();
        }}
      />
      <RetentionPanel reloads={erasures} />
    </>
  );
}

function PersonSearchPanel({ onErased }: { onErased: () => void }) {
  const action = useAction();
  const [by, setBy] = useState<PersonBy>('email');
  const [value, setValue] = useState('');
  /** The last search that was answered, and what it found. */
  const [result, setResult] = useState<{ search: PersonSearch; found: Found } | null>(null);
  const [erased, setErased] = useState<Erased | null>(null);
  const erasedNotice = useRef<HTMLParagraphElement>(null);

  // The erase button is gone once it did its work: the answer takes the focus, and is read out.
  useEffect(() => {
    if (erased) erasedNotice.current?.focus();
  }, [erased]);

  async function search(event: FormEvent) {
    event.preventDefault();
    setErased(null);
    const query: PersonSearch = { by, value };
    if (value.trim() === '') return action.refuse(SEARCH, `Type the ${PERSON_BY_NAMES[by]} to search for`);
    const checked = PersonQuery.safeParse({ [by]: value });
    if (!checked.success) return action.refuse(SEARCH, checked.error.issues[0]?.message ?? 'Check the search');
    setResult(null);
    await action.run(SEARCH, 'Failed to search the personal data', async () => {
      setResult({ search: query, found: await adminRequest<Found>(`${PATH}${personQuery(query)}`) });
    });
  }

  function erase(search: PersonSearch, found: Found) {
    if (!window.confirm(eraseQuestion(search, found))) return;
    void action.run(ERASE, "Failed to erase the person's data", async () => {
      const answer = await adminRequest<Erased>(`${PATH}${personQuery(search)}`, { method: 'DELETE' });
      setResult({ search, found: { alumni: [], messages: [], subscriptions: [], pendingMails: [] } });
      setErased(answer);
      onErased();
    });
  }

  const fieldId = useId();
  return (
    <Panel
      id="personal-data"
      title="Personal data"
      summary="Answer a person who asks what the school keeps about them, for a copy of it, or for it to be erased."
    >
      <form className="person-search" onSubmit={search} noValidate aria-labelledby="person-search-title">
        <h3 id="person-search-title">Find a person's data</h3>
        <Alert failure={action.alertFor(SEARCH)} onDismiss={action.dismiss} />
        <div className="person-search-row">
          <fieldset className="publishing-choice person-by">
            <legend>Search by</legend>
            <div className="choice-row">
              {(['email', 'phone'] as const).map((option) => (
                <label key={option} className="check">
                  <input
                    type="radio"
                    name="person-by"
                    value={option}
                    checked={by === option}
                    onChange={() => setBy(option)}
                    disabled={action.busy}
                  />
                  {option === 'email' ? 'E-mail address' : 'Phone number'}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field person-value">
            <label className="field-label" htmlFor={fieldId}>
              {by === 'email' ? 'E-mail address' : 'Phone number'}
            </label>
            <input
              id={fieldId}
              type={by === 'email' ? 'email' : 'tel'}
              inputMode={by === 'email' ? 'email' : 'tel'}
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              disabled={action.busy}
              maxLength={by === 'email' ? 254 : 30}
              aria-required
            />
          </div>
          <button type="submit" disabled={action.busy}>
            {action.label(SEARCH, 'Search', 'Searching…')}
          </button>
        </div>
        <p className="hint">
          An e-mail address is found whatever its capitals; a phone number by its last ten digits, with or without the
          country code. Every search is recorded in the activity log (never the address or number).
        </p>
      </form>
      {erased && (
        <p className="notice notice-success" role="status" tabIndex={-1} ref={erasedNotice}>
          {erasedText(erased)}
        </p>
      )}
      {result && (
        <FoundRecords
          search={result.search}
          found={result.found}
          erasing={action.running === ERASE}
          busy={action.busy}
          onErase={() => erase(result.search, result.found)}
          failure={<Alert failure={action.alertFor(ERASE)} onDismiss={action.dismiss} />}
        />
      )}
    </Panel>
  );
}

/** What a search found, grouped by kind, with the downloads and the erasure of all of it. */
function FoundRecords({
  search,
  found,
  erasing,
  busy,
  onErase,
  failure,
}: {
  search: PersonSearch;
  found: Found;
  erasing: boolean;
  busy: boolean;
  onErase: () => void;
  failure: ReactNode;
}) {
  const nothing = foundNothing(found);
  const exportPath = (format: 'json' | 'csv') => `${PATH}/export${personQuery(search, { format })}`;
  return (
    <section className="person-found" aria-labelledby="person-found-title">
      <h3 id="person-found-title">
        Kept about the {PERSON_BY_NAMES[search.by]} <span className="person-key">{search.value.trim()}</span>
      </h3>
      <p className={nothing ? 'empty' : 'person-counts'} role="status">
        {nothing ? nothingKept(search.by) : `${recordCounts(foundCounts(found))}.`}
      </p>
      {!nothing && (
        <>
          <div className="panel-tools person-tools">
            <DownloadButton path={exportPath('json')} fileName="personal-data.json" label="Download as JSON" />
            <DownloadButton path={exportPath('csv')} fileName="personal-data.csv" label="Download as CSV" />
            <button type="button" className="danger" onClick={onErase} disabled={busy}>
              {erasing ? 'Erasing…' : 'Erase all of it'}
            </button>
          </div>
          {failure}
          <FoundGroup title="Alumni registrations" items={found.alumni}>
            {(alumnus) => <FoundRegistration key={alumnus._id} alumnus={alumnus} />}
          </FoundGroup>
          <FoundGroup title="Contact messages" items={found.messages}>
            {(message) => <FoundMessage key={message._id} message={message} />}
          </FoundGroup>
          <FoundGroup title="E-mail subscriptions" items={found.subscriptions}>
            {(subscription) => <FoundSubscription key={subscription._id} subscription={subscription} />}
          </FoundGroup>
          <FoundGroup title="E-mails not sent yet" items={found.pendingMails}>
            {(mail, index) => <FoundMail key={`${mail.queuedAt}-${index}`} mail={mail} />}
          </FoundGroup>
        </>
      )}
    </section>
  );
}

function FoundGroup<T>({
  title,
  items,
  children,
}: {
  title: string;
  items: readonly T[];
  children: (item: T, index: number) => ReactNode;
}) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <div className="person-group">
      <h4 id={id} className="person-group-title">
        {title} <span className="person-group-count">({items.length})</span>
      </h4>
      <ul className="item-list" aria-labelledby={id}>
        {items.map(children)}
      </ul>
    </div>
  );
}

function FoundRegistration({ alumnus }: { alumnus: Alumni }) {
  const timeZone = useSchoolTimeZone();
  return (
    <li className="item" aria-label={`Registration: ${alumnus.fullName}`}>
      <div className="alumnus-head">
        <h5 className="item-title">{alumnus.fullName}</h5>
        <span className={`badge ${alumnus.isApproved ? 'badge-approved' : 'badge-pending'}`}>
          {alumnus.isApproved ? 'APPROVED' : 'PENDING'}
        </span>
      </div>
      <Details
        rows={[
          ['E-mail', alumnus.email],
          ['Mobile', alumnus.mobile],
          ['Registered', formatMoment(alumnus.registrationDate, timeZone)],
        ]}
      />
      <ConsentNote consent={alumnus.consent} of="registration" />
    </li>
  );
}

function FoundMessage({ message }: { message: InboxMessage }) {
  const timeZone = useSchoolTimeZone();
  return (
    <li className="item" aria-label={`Message: ${message.name}, ${SUBJECT_LABELS[message.subject]}`}>
      <div className="alumnus-head">
        <h5 className="item-title">{message.name}</h5>
        <span className="badge badge-subject">{SUBJECT_LABELS[message.subject]}</span>
      </div>
      <Details
        rows={[
          ['E-mail', message.email],
          ['Phone', message.phone],
          ['Received', formatMoment(message.receivedAt, timeZone)],
        ]}
      />
      <p className="item-text">{message.message}</p>
      <ConsentNote consent={message.consent} of="message" />
    </li>
  );
}

function FoundMail({ mail }: { mail: PendingMail }) {
  const timeZone = useSchoolTimeZone();
  return (
    <li className="item" aria-label={`E-mail not sent: ${mail.subject}`}>
      <h5 className="item-title">{mail.subject}</h5>
      <Details
        rows={[
          ['About', `A ${mail.kind}`],
          ['Waiting since', formatMoment(mail.queuedAt, timeZone)],
        ]}
      />
    </li>
  );
}
