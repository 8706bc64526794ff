import { type FormEvent, type ReactNode, useState } from 'react';
import {
  ALERT_LEVEL_WORDS,
  ALERT_LEVELS,
  ALERT_MESSAGE_MAX,
  ALERT_PLACE_WORDS,
  ALERT_PLACES,
  AlertInput,
  type AlertLevel,
  type AlertPlace,
  isShowing,
  type Alert as Notice,
} from '../../contract/alerts.ts';
import { versionOf } from '../../contract/publication.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { ALERT_ICON_PATHS } from '../../lib/alert-banner.ts';
import { Alert } from './Alert.tsx';
import { Panel } from './Panel.tsx';
import { deleteWithUndo } from './undo.ts';
import { useAction } from './use-action.ts';

/** The form's fields: times as a datetime-local input holds them (this device's clock). */
interface Draft {
  message: string;
  level: AlertLevel;
  startsNow: boolean;
  startsAt: string;
  endsAt: string;
  showOn: AlertPlace;
}

const FORM = 'alert-form';

/**
 * Urgent notices: the form (message with the characters left, level, start, end, where) and the
 * notices showing now, scheduled and ended, each of which can be edited or deleted. A notice is on
 * the public pages within seconds of saving; each call answers the list, which replaces the shown one.
 */
export function AlertsSection({ alerts, onAlerts }: { alerts: Notice[]; onAlerts: (alerts: Notice[]) => void }) {
  const action = useAction();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editing, setEditing] = useState<Notice | null>(null);
  const now = new Date();
  const groups = [
    { title: 'Showing now', items: alerts.filter((alert) => isShowing(alert, now)) },
    { title: 'Scheduled', items: alerts.filter((alert) => Date.parse(alert.startsAt) > now.getTime()) },
    { title: 'Ended', items: alerts.filter((alert) => Date.parse(alert.endsAt) <= now.getTime()) },
  ];

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = {
      message: draft.message,
      level: draft.level,
      startsAt: draft.startsNow ? startedAlready(editing) : instantOf(draft.startsAt),
      endsAt: instantOf(draft.endsAt),
      showOn: draft.showOn,
    };
    const checked = AlertInput.safeParse(body);
    if (!checked.success) return action.refuse(FORM, 'Please check the notice', checked.error.issues[0]!.message);
    const done = await action.run(FORM, editing ? 'Failed to update notice' : 'Failed to add notice', async () => {
      onAlerts(
        editing
          ? await adminRequest<Notice[]>(`/api/alerts/${editing._id}`, {
              method: 'PUT',
              json: { ...body, version: versionOf(editing) },
            })
          : await adminRequest<Notice[]>('/api/alerts', { method: 'POST', json: body }),
      );
    });
    if (done) {
      setDraft(emptyDraft());
      setEditing(null);
    }
  }

  function edit(alert: Notice) {
    setEditing(alert);
    setDraft({
      message: alert.message,
      level: alert.level,
      startsNow: Date.parse(alert.startsAt) <= Date.now(),
      startsAt: localInputValue(new Date(alert.startsAt)),
      endsAt: localInputValue(new Date(alert.endsAt)),
      showOn: alert.showOn,
    });
    document.getElementById('alert-message')?.focus();
  }

  function remove(alert: Notice) {
    if (!window.confirm(`Delete the notice "${alert.message}"?`)) return;
    void action.run(alert._id, 'Failed to delete notice', async () => {
      onAlerts(await deleteWithUndo<Notice[]>(`/api/alerts/${alert._id}`, 'Notice deleted'));
    });
  }

  const left = ALERT_MESSAGE_MAX - draft.message.length;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  return (
    <Panel
      id="alerts"
      title="Alerts"
      summary="Urgent notices at the top of the public pages, from their start until their end. Emergency notices cannot be dismissed; information notices can."
    >
      <form className="add-form alert-form" onSubmit={save} noValidate aria-labelledby="alert-form-title">
        <h3 id="alert-form-title">{editing ? 'Change the notice' : 'New notice'}</h3>
        <Alert failure={action.alertFor(FORM)} onDismiss={action.dismiss} />
        <div className="field field-wide">
          <label htmlFor="alert-message">
            Message
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <p className="field-hint" id="alert-message-hint">
            Plain text, at most one link (https://…).{' '}
            <span className={left < 0 ? 'alert-count-over' : undefined}>
              {left >= 0 ? `${left} characters left` : `${-left} characters too many`}
            </span>
          </p>
          <textarea
            id="alert-message"
            rows={3}
            value={draft.message}
            aria-required
            aria-describedby="alert-message-hint"
            onChange={(event) => set('message', event.target.value)}
            disabled={action.busy}
          />
        </div>
        <Choice
          legend="Level"
          name="alert-level"
          options={ALERT_LEVELS.map((level) => ({ value: level, label: <LevelLabel level={level} /> }))}
          value={draft.level}
          onChange={(level) => set('level', level)}
          disabled={action.busy}
        />
        <fieldset className="field-wide">
          <legend>Starts</legend>
          <div className="choice-row">
            <label className="check">
              <input
                type="radio"
                name="alert-start"
                checked={draft.startsNow}
                onChange={() => set('startsNow', true)}
                disabled={action.busy}
              />
              {startedAlready(editing) ? 'As it did' : 'Now'}
            </label>
            <label className="check">
              <input
                type="radio"
                name="alert-start"
                checked={!draft.startsNow}
                onChange={() => set('startsNow', false)}
                disabled={action.busy}
              />
              Later
            </label>
          </div>
          {!draft.startsNow && (
            <div className="field">
              <label htmlFor="alert-starts-at">Starts on (this device’s clock)</label>
              <input
                id="alert-starts-at"
                type="datetime-local"
                value={draft.startsAt}
                onChange={(event) => set('startsAt', event.target.value)}
                disabled={action.busy}
              />
            </div>
          )}
        </fieldset>
        <fieldset className="field-wide">
          <legend>Ends</legend>
          <div className="field">
            <label htmlFor="alert-ends-at">
              Ends on (this device’s clock)
              <span className="required-mark" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <input
              id="alert-ends-at"
              type="datetime-local"
              value={draft.endsAt}
              required
              onChange={(event) => set('endsAt', event.target.value)}
              disabled={action.busy}
            />
          </div>
          <div className="choice-row">
            {QUICK_ENDS.map(({ label, at }) => (
              <button
                key={label}
                type="button"
                className="secondary"
                onClick={() => set('endsAt', localInputValue(at()))}
                disabled={action.busy}
              >
                {label}
              </button>
            ))}
          </div>
        </fieldset>
        <Choice
          legend="Shows on"
          name="alert-place"
          options={ALERT_PLACES.map((place) => ({ value: place, label: ALERT_PLACE_WORDS[place] }))}
          value={draft.showOn}
          onChange={(place) => set('showOn', place)}
          disabled={action.busy}
        />
        <div className="form-actions">
          <button type="submit" disabled={action.busy}>
            {action.label(FORM, editing ? 'Save notice' : 'Publish notice', 'Saving…')}
          </button>
          {editing && (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setEditing(null);
                setDraft(emptyDraft());
              }}
              disabled={action.busy}
            >
              Cancel
            </button>
          )}
        </div>
      </form>
      {groups.map((group) => (
        <section key={group.title} className="alert-group" aria-label={group.title}>
          <h3>
            {group.title} ({group.items.length})
          </h3>
          {group.items.length === 0 ? (
            <p className="empty">None.</p>
          ) : (
            <ul className="item-list">
              {group.items.map((alert) => (
                <li key={alert._id} className="item">
                  <p className="item-text">
                    <LevelLabel level={alert.level} />: {alert.message}
                  </p>
                  <p className="item-meta">
                    {when(alert.startsAt)} to {when(alert.endsAt)} · {ALERT_PLACE_WORDS[alert.showOn]}
                  </p>
                  <Alert failure={action.alertFor(alert._id)} onDismiss={action.dismiss} />
                  <div className="item-actions">
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => edit(alert)}
                      disabled={action.busy}
                      aria-label={`Edit notice: ${alert.message}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => remove(alert)}
                      disabled={action.busy}
                      aria-label={`Delete notice: ${alert.message}`}
                    >
                      {action.label(alert._id, 'Delete', 'Deleting…')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </Panel>
  );
}

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  options: { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="field-wide">
      <legend>{legend}</legend>
      <div className="choice-row">
        {options.map((option) => (
          <label key={option.value} className="check">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              disabled={disabled}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The level as the pages show it: its icon and its word, not its colour alone. */
function LevelLabel({ level }: { level: AlertLevel }) {
  return (
    <span className={`alert-level alert-level-${level}`}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={ALERT_ICON_PATHS[level]} />
      </svg>{' '}
      {ALERT_LEVEL_WORDS[level]}
    </span>
  );
}

/** Quick choices for the end, on this device's clock. */
const QUICK_ENDS = [
  { label: 'In 1 hour', at: () => new Date(Date.now() + 3_600_000) },
  { label: 'End of today', at: () => endOfDay(0) },
  { label: 'End of tomorrow', at: () => endOfDay(1) },
];

function endOfDay(daysAhead: number): Date {
  const day = new Date();
  day.setDate(day.getDate() + daysAhead);
  day.setHours(23, 59, 0, 0);
  return day;
}

const emptyDraft = (): Draft => ({
  message: '',
  level: 'important',
  startsNow: true,
  startsAt: '',
  endsAt: localInputValue(endOfDay(0)),
  showOn: 'all',
});

/** The start of the notice being edited when it has come (kept as it is), else null: now. */
const startedAlready = (editing: Notice | null) =>
  editing && Date.parse(editing.startsAt) <= Date.now() ? editing.startsAt : null;

/** A datetime-local input's value (this device's clock) as an instant; '' stays '' (the check says it is missing). */
function instantOf(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** `date` as a datetime-local input's value, on this device's clock. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
