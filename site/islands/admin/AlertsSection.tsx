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
  type AlertState,
  alertState,
  type Alert as Notice,
} from '../../contract/alerts.ts';
import { dateInZone, isCalendarDate, TIME_PATTERN, timeInZone } from '../../contract/dates.ts';
import { versionOf } from '../../contract/publication.ts';
import { TRANSLATED_FIELDS } from '../../contract/translation-report.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { ALERT_ICON_PATHS } from '../../lib/alert-banner.ts';
import { zonedInstant } from '../../lib/zoned-time.ts';
import { Alert } from './Alert.tsx';
import { Panel } from './Panel.tsx';
import { useSchoolTimeZone } from './time-zone.ts';
import { type TextProps, TranslatableField, translatingOf } from './translations/TranslatableField.tsx';
import { TranslationBadges } from './translations/TranslationBadges.tsx';
import { deleteWithUndo } from './undo.ts';
import { useAction } from './use-action.ts';

/** The form's fields: times as a datetime-local input holds them, on the school's clock. */
interface Draft {
  message: string;
  level: AlertLevel;
  startsNow: boolean;
  startsAt: string;
  endsAt: string;
  showOn: AlertPlace;
  translations?: Notice['translations'];
}

const FORM = 'alert-form';

/** The groups the notices are listed in, by their state now. */
const GROUP_TITLES: Readonly<Record<AlertState, string>> = {
  showing: 'Showing now',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

/**
 * Urgent notices: the form (message with the characters left, level, start, end, where) and the
 * notices showing now, scheduled and ended, each of which can be edited or deleted. A notice is on
 * the public pages within seconds of saving; each call answers the list, which replaces the shown one.
 */
export function AlertsSection({ alerts, onAlerts }: { alerts: Notice[]; onAlerts: (alerts: Notice[]) => void }) {
  const action = useAction();
  const timeZone = useSchoolTimeZone();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(timeZone));
  const [editing, setEditing] = useState<Notice | null>(null);
  const now = new Date();
  const groups = (Object.entries(GROUP_TITLES) as [AlertState, string][]).map(([state, title]) => ({
    title,
    items: alerts.filter((alert) => alertState(alert, now) === state),
  }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = {
      message: draft.message,
      level: draft.level,
      startsAt: draft.startsNow ? startedAlready(editing) : instantOf(draft.startsAt, timeZone),
      endsAt: instantOf(draft.endsAt, timeZone),
      showOn: draft.showOn,
      ...(draft.translations && { translations: draft.translations }),
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
      setDraft(emptyDraft(timeZone));
      setEditing(null);
    }
  }

  function edit(alert: Notice) {
    setEditing(alert);
    setDraft({
      message: alert.message,
      level: alert.level,
      startsNow: Date.parse(alert.startsAt) <= Date.now(),
      startsAt: localInputValue(new Date(alert.startsAt), timeZone),
      endsAt: localInputValue(new Date(alert.endsAt), timeZone),
      showOn: alert.showOn,
      ...(alert.translations && { translations: alert.translations }),
    });
    document.getElementById('alert-message')?.focus();
  }

  function remove(alert: Notice) {
    if (!window.confirm(`Delete the notice "${alert.message}"?`)) return;
    void action.run(alert._id, 'Failed to delete notice', async () => {
      onAlerts(await deleteWithUndo<Notice[]>(`/api/alerts/${alert._id}`, 'Notice deleted'));
    });
  }

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
        <TranslatableField
          id="alert-message"
          label="Message"
          field="message"
          value={draft.message}
          onChange={(message) => set('message', message)}
          translating={translatingOf(draft, setDraft, editing ?? undefined)}
          required
        >
          {(text) => <MessageField {...text} disabled={action.busy} />}
        </TranslatableField>
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
              <label htmlFor="alert-starts-at">Starts on (school clock)</label>
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
              Ends on (school clock)
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
                onClick={() => set('endsAt', localInputValue(at(timeZone), timeZone))}
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
                setDraft(emptyDraft(timeZone));
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
                  <TranslationBadges item={alert} fields={TRANSLATED_FIELDS.alerts} />
                  <p className="item-text">
                    <LevelLabel level={alert.level} />: {alert.message}
                  </p>
                  <p className="item-meta">
                    {when(alert.startsAt, timeZone)} to {when(alert.endsAt, timeZone)} ·{' '}
                    {ALERT_PLACE_WORDS[alert.showOn]}
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

/** Quick choices for the end, on the school's clock. */
const QUICK_ENDS = [
  { label: 'In 1 hour', at: () => new Date(Date.now() + 3_600_000) },
  { label: 'End of today', at: (timeZone: string) => endOfDay(0, timeZone) },
  { label: 'End of tomorrow', at: (timeZone: string) => endOfDay(1, timeZone) },
];

/** 23:59 on the school's day `daysAhead` from today. */
function endOfDay(daysAhead: number, timeZone: string): Date {
  const day = new Date(`${dateInZone(new Date(), timeZone)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + daysAhead);
  return zonedInstant(day.toISOString().slice(0, 10), '23:59', timeZone);
}

/** The notice's message in one language, with the characters left. */
function MessageField({
  id,
  label,
  value,
  onChange,
  required,
  lang,
  dir,
  disabled,
}: TextProps & { disabled: boolean }) {
  const left = ALERT_MESSAGE_MAX - value.length;
  return (
    <div className="field field-wide">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <p className="field-hint" id={`${id}-hint`}>
        Plain text, at most one link (https://…).{' '}
        <span className={left < 0 ? 'alert-count-over' : undefined}>
          {left >= 0 ? `${left} characters left` : `${-left} characters too many`}
        </span>
      </p>
      <textarea
        id={id}
        rows={3}
        value={value}
        lang={lang}
        dir={dir}
        aria-required={required || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      />
    </div>
  );
}

const emptyDraft = (timeZone: string): Draft => ({
  message: '',
  level: 'important',
  startsNow: true,
  startsAt: '',
  endsAt: localInputValue(endOfDay(0, timeZone), timeZone),
  showOn: 'all',
});

/** The start of the notice being edited when it has come (kept as it is), else null: now. */
const startedAlready = (editing: Notice | null) =>
  editing && Date.parse(editing.startsAt) <= Date.now() ? editing.startsAt : null;

/** A datetime-local input's value (the school's clock) as an instant; '' stays '' (the check says it is missing). */
function instantOf(local: string, timeZone: string): string {
  const [date = '', time = ''] = local.split('T');
  if (!isCalendarDate(date) || !TIME_PATTERN.test(time)) return local;
  return zonedInstant(date, time, timeZone).toISOString();
}

/** `date` as a datetime-local input's value, on the school's clock. */
function localInputValue(date: Date, timeZone: string): string {
  return `${dateInZone(date, timeZone)}T${timeInZone(date, timeZone)}`;
}

const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
