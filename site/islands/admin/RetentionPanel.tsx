import { type FormEvent, useEffect, useId, useState } from 'react';
import { NO_CONSENT_DAYS, type RetentionAnswer, RetentionSettings } from '../../contract/personal-data.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { countLabel } from '../../lib/display-format.ts';
import { nextSweepText, numberOf } from '../../lib/personal-data-text.ts';
import { Alert, type Failure, failureOf } from './Alert.tsx';
import { Panel } from './Panel.tsx';
import { useSignedIn } from './signed-in.ts';
import { useAction } from './use-action.ts';

const SAVE = 'save';

type Draft = Record<keyof RetentionSettings, string>;
const draftOf = (settings: RetentionSettings): Draft => ({
  messageMonths: String(settings.messageMonths),
  pendingAlumniDays: String(settings.pendingAlumniDays),
  backupDays: String(settings.backupDays),
});

/** The three periods, what the next check removes; a form for Administrators, text for the Office. */
export function RetentionPanel({ reloads }: { reloads: number }) {
  const signedIn = useSignedIn();
  const [answer, setAnswer] = useState<RetentionAnswer | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [loading, setLoading] = useState(false);

  async function load() {
    setLoading(true);
    setFailure(null);
    try {
      setAnswer(await adminRequest<RetentionAnswer>('/api/admin/retention'));
    } catch (error) {
      setFailure(failureOf('Failed to load how long personal data is kept', error));
    } finally {
      setLoading(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when the dashboard opens, and after an erasure
  useEffect(() => void load(), [reloads]);

  return (
    <Panel
      id="retention"
      title="How long personal data is kept"
      summary={`After these periods the server deletes the records by itself (it checks every minute). Anything sent without agreeing to the privacy notice is kept ${countLabel(NO_CONSENT_DAYS, 'day')} at most, unless the registration is approved; approved registrations are kept until they are removed.`}
    >
      <Alert failure={failure} onDismiss={() => setFailure(null)} />
      {!answer && !failure && (
        <p className="empty" role="status">
          Loading the periods…
        </p>
      )}
      {answer &&
        (signedIn.may('retention') ? (
          <RetentionForm answer={answer} onAnswer={setAnswer} />
        ) : (
          <RetentionText settings={answer.settings} />
        ))}
      {answer && (
        <div className="retention-next">
          <p role="status">{nextSweepText(answer.nextSweep)}</p>
          <button type="button" className="secondary" onClick={() => void load()} disabled={loading}>
            {loading ? 'Checking…' : 'Check again'}
          </button>
        </div>
      )}
    </Panel>
  );
}

function RetentionText({ settings }: { settings: RetentionSettings }) {
  return (
    <>
      <dl className="details retention-periods">
        <div>
          <dt>Contact messages</dt>
          <dd>{countLabel(settings.messageMonths, 'month')} after they arrive</dd>
        </div>
        <div>
          <dt>Alumni registrations never approved</dt>
          <dd>{countLabel(settings.pendingAlumniDays, 'day')} after they are sent</dd>
        </div>
        <div>
          <dt>Backups</dt>
          <dd>{countLabel(settings.backupDays, 'day')}</dd>
        </div>
      </dl>
      <p className="hint">Only Administrator accounts can change these periods.</p>
    </>
  );
}

const PERIOD_FIELDS: { key: keyof RetentionSettings; label: string; hint: string; min: number; max: number }[] = [
  {
    key: 'messageMonths',
    label: 'Contact messages (months)',
    hint: 'Counted from the day a message arrives.',
    min: 1,
    max: 120,
  },
  {
    key: 'pendingAlumniDays',
    label: 'Pending registrations (days)',
    hint: 'Registrations never approved, counted from the day they are sent. Approved ones are kept until removed.',
    min: 7,
    max: 3650,
  },
  {
    key: 'backupDays',
    label: 'Backups (days)',
    hint: 'How long the school keeps its backups: the privacy page says it, delete older ones.',
    min: 1,
    max: 3650,
  },
];

function RetentionForm({ answer, onAnswer }: { answer: RetentionAnswer; onAnswer: (answer: RetentionAnswer) => void }) {
  const action = useAction();
  const [draft, setDraft] = useState<Draft>(() => draftOf(answer.settings));
  const [saved, setSaved] = useState(false);
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const checked = RetentionSettings.safeParse({
      messageMonths: numberOf(draft.messageMonths),
      pendingAlumniDays: numberOf(draft.pendingAlumniDays),
      backupDays: numberOf(draft.backupDays),
    });
    if (!checked.success) return action.refuse(SAVE, checked.error.issues[0]?.message ?? 'Check the periods');
    const done = await action.run(SAVE, 'Failed to save the periods', async () => {
      const next = await adminRequest<RetentionAnswer>('/api/admin/retention', { method: 'PUT', json: checked.data });
      setDraft(draftOf(next.settings));
      onAnswer(next);
    });
    setSaved(done);
  }

  return (
    <form className="retention-form" onSubmit={save} noValidate aria-label="How long personal data is kept">
      <Alert failure={action.alertFor(SAVE)} onDismiss={action.dismiss} />
      <div className="field-grid">
        {PERIOD_FIELDS.map((field) => (
          <div key={field.key} className="field">
            <label className="field-label" htmlFor={`${id}-${field.key}`}>
              {field.label}
            </label>
            <input
              id={`${id}-${field.key}`}
              type="number"
              inputMode="numeric"
              min={field.min}
              max={field.max}
              step={1}
              value={draft[field.key]}
              onChange={(event) => {
                setSaved(false);
                setDraft({ ...draft, [field.key]: event.target.value });
              }}
              disabled={action.busy}
              aria-describedby={`${id}-${field.key}-hint`}
              aria-required
            />
            <p className="hint" id={`${id}-${field.key}-hint`}>
              {field.hint}
            </p>
          </div>
        ))}
      </div>
      <p className="notice notice-info">
        The privacy page states these periods: saving them publishes it again with the new ones.
      </p>
      {saved && (
        <p className="notice notice-success" role="status">
          Saved. The privacy page is being published again with these periods.
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {action.label(SAVE, 'Save the periods', 'Saving…')}
        </button>
      </div>
    </form>
  );
}
