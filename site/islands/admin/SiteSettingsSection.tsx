import { type FormEvent, memo, type ReactNode, useMemo, useState } from 'react';
import { LEADERSHIP_ROLES, LEADERSHIP_TITLES } from '../../contract/content.ts';
import { versionOf } from '../../contract/publication.ts';
import { type Settings, type SettingsInput, SOCIAL_LABELS, SOCIAL_NETWORKS } from '../../contract/settings.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import {
  changedSettings,
  type SettingsDraft,
  settingsBody,
  settingsDraftOf,
  settingsProblem,
} from '../../lib/settings-draft.ts';
import { Field } from '../forms/Field.tsx';
import { TextField } from '../forms/TextField.tsx';
import { Alert } from './Alert.tsx';
import { TextWarnings } from './accessibility/TextWarnings.tsx';
import { MarkdownField } from './editor/MarkdownField.tsx';
import { Panel } from './Panel.tsx';
import { RowsField } from './RowsField.tsx';
import { changedFields, type FieldChange, fieldLabel, SaveConflict, staleSaveOf } from './stale-save.tsx';
import { useAction } from './use-action.ts';
import { EditingNow } from './use-presence.tsx';

const SAVE = 'save';
const FAILED = 'Failed to save settings';

type Setter<K extends keyof SettingsDraft> = (value: SettingsDraft[K]) => void;

/**
 * The school's details: name, contact, social links, the about texts, the reasons to choose the
 * school, programmes, calendar, leaders' names and time zone. One form, saved with one button:
 * what it changed is sent, so a change someone else saved meanwhile to other fields is kept.
 */
export const SiteSettingsSection = memo(function SiteSettingsSection({
  settings,
  onSettings,
}: {
  settings: Settings;
  onSettings: (settings: Settings) => void;
}) {
  const action = useAction();
  const [draft, setDraft] = useState(() => settingsDraftOf(settings));
  // The settings the form started from: a save sends only what differs from them, with their version.
  const [base, setBase] = useState(() => ({ draft: settingsDraftOf(settings), version: versionOf(settings) }));
  const [saved, setSaved] = useState<string | null>(null);
  const [stale, setStale] = useState<{ message: string; current: Settings } | null>(null);
  const [yours, setYours] = useState<FieldChange[]>([]);
  const changed = useMemo(() => JSON.stringify(draft) !== JSON.stringify(base.draft), [draft, base]);
  const set =
    <K extends keyof SettingsDraft>(key: K): Setter<K> =>
    (value) => {
      setSaved(null);
      setDraft((current) => ({ ...current, [key]: value }));
    };
  const disabled = action.busy;
  const mine = changedSettings(draft, base.draft);
  // What someone else changed since the form was opened, and which of those fields this form changed too.
  const theirs = stale ? changedSettings(settingsDraftOf(stale.current), base.draft) : {};
  const clashes = Object.keys(mine).filter((key) => key in theirs);
  const clashText = (of: SettingsDraft) =>
    Object.fromEntries(clashes.map((key) => [key, settingsBody(of)[key as keyof SettingsInput]]));
  const changes = stale ? changedFields(clashText(settingsDraftOf(stale.current)), clashText(draft)) : [];

  /** Sends the fields changed here, as a change of the settings of `version`. */
  async function send(version: string, kept: string[] = []) {
    const fields = Object.keys(mine).length > 0 ? mine : settingsBody(draft);
    let refused: { message: string; current: Settings } | null = null;
    const ok = await action.run(SAVE, FAILED, async () => {
      try {
        const answer = await adminRequest<Settings>('/api/settings', { method: 'PUT', json: { ...fields, version } });
        const next = settingsDraftOf(answer);
        setDraft(next);
        setBase({ draft: next, version: versionOf(answer) });
        onSettings(answer);
      } catch (error) {
        refused = staleSaveOf<Settings>(error);
        if (!refused) throw error;
      }
    });
    if (refused) return mergeOrAsk(refused);
    setStale(null);
    if (ok) setSaved(kept.length > 0 ? `Saved. The changes made meanwhile to ${kept.join(', ')} were kept.` : 'Saved.');
  }

  /**
   * Someone saved the settings since this form was opened. When they changed other fields than
   * this form did, both are kept: the fields changed here are sent again on their version.
   * Otherwise the person chooses.
   */
  async function mergeOrAsk(refused: { message: string; current: Settings }) {
    const theirFields = Object.keys(changedSettings(settingsDraftOf(refused.current), base.draft));
    if (theirFields.some((key) => key in mine)) return setStale(refused);
    setBase({ draft: settingsDraftOf(refused.current), version: versionOf(refused.current) });
    await send(
      versionOf(refused.current),
      theirFields.map((key) => fieldLabel(key).toLowerCase()),
    );
  }

  /** Takes the settings as saved now, with this form's other changes kept and its own text beside. */
  function takeTheirs(current: Settings) {
    const now = settingsDraftOf(current);
    setYours(changes);
    setDraft({
      ...now,
      ...Object.fromEntries(Object.entries(draft).filter(([key]) => key in mine && !clashes.includes(key))),
    });
    setBase({ draft: now, version: versionOf(current) });
    setStale(null);
    onSettings(current);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const problem = settingsProblem(draft);
    if (problem) return action.refuse(SAVE, FAILED, problem);
    void send(base.version);
  }

  return (
    <Panel
      id="site"
      title="School details"
      summary="The school's name, contact details and the texts of the About, Why and Academic Corner pages. Saved together with the button at the end."
    >
      <form className="settings-form" onSubmit={save} noValidate aria-label="School details">
        <EditingNow target="settings" what="the school details" />
        <SaveConflict
          stale={stale}
          changes={changes}
          yours={yours}
          busy={action.busy}
          onUseTheirs={takeTheirs}
          onSaveMine={(theirs) => void send(theirs)}
        />
        <Group title="School">
          <Text
            id="school-name"
            label="School name"
            value={draft.schoolName}
            onChange={set('schoolName')}
            required
            max={120}
            disabled={disabled}
          />
          <Text
            id="school-short-name"
            label="Short name (menu and alumni page)"
            value={draft.shortName}
            onChange={set('shortName')}
            required
            max={60}
            disabled={disabled}
          />
          <Text
            id="school-tagline"
            label="Tagline (home page)"
            value={draft.tagline}
            onChange={set('tagline')}
            max={300}
            multiline
            disabled={disabled}
          />
          <Text
            id="school-brand-line"
            label="Line under the name (header)"
            value={draft.brandLine}
            onChange={set('brandLine')}
            max={120}
            disabled={disabled}
          />
          <p className="hint field-wide">
            The About pages' addresses follow the name. After a rename, the old addresses lead to the new ones.
          </p>
        </Group>

        <Group title="Contact">
          <Text
            id="school-phone"
            label="Phone"
            value={draft.phone}
            onChange={set('phone')}
            required
            max={40}
            disabled={disabled}
          />
          <Text
            id="school-email"
            label="E-mail"
            value={draft.email}
            onChange={set('email')}
            required
            max={254}
            disabled={disabled}
          />
          <Text
            id="school-address"
            label="Address (one line per line)"
            value={draft.address}
            onChange={set('address')}
            required
            max={500}
            multiline
            disabled={disabled}
          />
          <RowsField
            id="office-hours"
            legend="Office hours"
            rows={draft.officeHours}
            onChange={set('officeHours')}
            newRow={() => ({ days: '', hours: '' })}
            rowName="office hours row"
            addLabel="Add office hours row"
            max={14}
            disabled={disabled}
          >
            {(row, setRow, index) => (
              <>
                <Text
                  id={`office-hours-${index}-days`}
                  label="Days"
                  value={row.days}
                  onChange={(days) => setRow({ ...row, days })}
                  required
                  max={60}
                  disabled={disabled}
                />
                <Text
                  id={`office-hours-${index}-hours`}
                  label="Hours"
                  value={row.hours}
                  onChange={(hours) => setRow({ ...row, hours })}
                  required
                  max={60}
                  disabled={disabled}
                />
              </>
            )}
          </RowsField>
        </Group>

        <Group
          title="Social links"
          hint="The full address of each page, starting with https://. Leave a network empty to hide its icon."
        >
          {SOCIAL_NETWORKS.map((network) => (
            <Text
              key={network}
              id={`social-${network}`}
              label={SOCIAL_LABELS[network]}
              value={draft.social[network]}
              onChange={(url) => set('social')({ ...draft.social, [network]: url })}
              max={300}
              disabled={disabled}
            />
          ))}
        </Group>

        <Group title="About Us">
          <Text
            id="about-intro"
            label="Introduction (also on the home page)"
            value={draft.aboutIntro}
            onChange={set('aboutIntro')}
            required
            max={1000}
            multiline
            disabled={disabled}
          />
          <MarkdownField
            id="about-story"
            label="Our story"
            value={draft.aboutStory}
            onChange={set('aboutStory')}
            maxLength={10_000}
            rows={8}
            disabled={disabled}
            below={<TextWarnings fieldId="about-story" text={draft.aboutStory} />}
          />
          <MarkdownField
            id="about-vision"
            label="Vision"
            value={draft.vision}
            onChange={set('vision')}
            required
            maxLength={2000}
            disabled={disabled}
            below={<TextWarnings fieldId="about-vision" text={draft.vision} />}
          />
          <MarkdownField
            id="about-mission"
            label="Mission"
            value={draft.mission}
            onChange={set('mission')}
            required
            maxLength={2000}
            disabled={disabled}
            below={<TextWarnings fieldId="about-mission" text={draft.mission} />}
          />
          <TitledRows
            id="values"
            legend="Values"
            rowName="value"
            addLabel="Add value"
            rows={draft.values}
            onChange={set('values')}
            disabled={disabled}
            richText
          />
        </Group>

        <Group title="Why choose us">
          <TitledRows
            id="reasons"
            legend="Reasons to choose the school"
            rowName="reason"
            addLabel="Add reason"
            rows={draft.reasons}
            onChange={set('reasons')}
            disabled={disabled}
          />
        </Group>

        <Group title="Academic Corner">
          <RowsField
            id="programmes"
            legend="Programmes"
            rows={draft.programmes}
            onChange={set('programmes')}
            newRow={() => ({ name: '', classes: '', text: '', streams: '' })}
            rowName="programme"
            addLabel="Add programme"
            max={20}
            disabled={disabled}
          >
            {(row, setRow, index) => (
              <>
                <Text
                  id={`programme-${index}-name`}
                  label="Name"
                  value={row.name}
                  onChange={(name) => setRow({ ...row, name })}
                  required
                  max={100}
                  disabled={disabled}
                />
                <Text
                  id={`programme-${index}-classes`}
                  label="Classes"
                  value={row.classes}
                  onChange={(classes) => setRow({ ...row, classes })}
                  max={100}
                  disabled={disabled}
                />
                <Text
                  id={`programme-${index}-streams`}
                  label="Streams (separated by commas)"
                  value={row.streams}
                  onChange={(streams) => setRow({ ...row, streams })}
                  max={600}
                  disabled={disabled}
                />
                <Text
                  id={`programme-${index}-text`}
                  label="Description"
                  value={row.text}
                  onChange={(text) => setRow({ ...row, text })}
                  max={1000}
                  multiline
                  disabled={disabled}
                />
              </>
            )}
          </RowsField>
          <RowsField
            id="curriculum"
            legend="Curriculum"
            rows={draft.curriculum}
            onChange={set('curriculum')}
            newRow={() => ''}
            rowName="curriculum line"
            addLabel="Add curriculum line"
            max={30}
            disabled={disabled}
          >
            {(line, setLine, index) => (
              <Text
                id={`curriculum-${index}`}
                label={`Line ${index + 1}`}
                value={line}
                onChange={setLine}
                required
                max={1000}
                multiline
                disabled={disabled}
              />
            )}
          </RowsField>
          <Text
            id="calendar-year"
            label="Academic calendar: year"
            value={draft.calendar.year}
            onChange={(year) => set('calendar')({ ...draft.calendar, year })}
            required
            max={40}
            disabled={disabled}
          />
          <RowsField
            id="calendar-terms"
            legend="Academic calendar: terms and exams"
            rows={draft.calendar.terms}
            onChange={(terms) => set('calendar')({ ...draft.calendar, terms })}
            newRow={() => ({ period: '', what: '' })}
            rowName="calendar entry"
            addLabel="Add calendar entry"
            max={30}
            disabled={disabled}
          >
            {(row, setRow, index) => (
              <>
                <Text
                  id={`calendar-${index}-period`}
                  label="When"
                  value={row.period}
                  onChange={(period) => setRow({ ...row, period })}
                  required
                  max={100}
                  disabled={disabled}
                />
                <Text
                  id={`calendar-${index}-what`}
                  label="What"
                  value={row.what}
                  onChange={(what) => setRow({ ...row, what })}
                  required
                  max={200}
                  disabled={disabled}
                />
              </>
            )}
          </RowsField>
        </Group>

        <Group title="Leadership names" hint="The names shown with each leadership message.">
          {LEADERSHIP_ROLES.map((role) => (
            <Text
              key={role}
              id={`leader-name-${role}`}
              label={LEADERSHIP_TITLES[role]}
              value={draft.leaderNames[role]}
              onChange={(name) => set('leaderNames')({ ...draft.leaderNames, [role]: name })}
              required
              max={120}
              disabled={disabled}
            />
          ))}
        </Group>

        <Group title="Time zone" hint="Decides when an event is over and from which day news is shown.">
          <TimeZoneField value={draft.timeZone} onChange={set('timeZone')} disabled={disabled} />
        </Group>

        <Alert failure={action.alertFor(SAVE)} onDismiss={action.dismiss} />
        {saved && !changed && (
          <p className="notice notice-success" role="status">
            The school details are saved. The site is being republished with them.
            {saved !== 'Saved.' && ` ${saved.slice('Saved. '.length)}`}
          </p>
        )}
        <div className="form-actions settings-actions">
          <button type="submit" disabled={disabled}>
            {action.label(SAVE, 'Save school details', 'Saving…')}
          </button>
          {changed && <span className="save-state">You have unsaved changes.</span>}
        </div>
      </form>
    </Panel>
  );
});

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="settings-group">
      <legend>{title}</legend>
      {hint && <p className="hint">{hint}</p>}
      <div className="field-grid">{children}</div>
    </fieldset>
  );
}

function Text({
  max,
  ...props
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  multiline?: boolean;
  max: number;
  disabled: boolean;
}) {
  return <TextField {...props} maxLength={max} />;
}

function TitledRows({
  rows,
  onChange,
  disabled,
  richText = false,
  ...texts
}: {
  id: string;
  legend: string;
  rowName: string;
  addLabel: string;
  rows: { title: string; text: string }[];
  onChange: (rows: { title: string; text: string }[]) => void;
  disabled: boolean;
  /** Each row's text in the visual editor (the values); plain text otherwise (the reasons). */
  richText?: boolean;
}) {
  return (
    <RowsField
      {...texts}
      rows={rows}
      onChange={onChange}
      newRow={() => ({ title: '', text: '' })}
      max={20}
      disabled={disabled}
    >
      {(row, setRow, index) => (
        <>
          <Text
            id={`${texts.id}-${index}-title`}
            label="Title"
            value={row.title}
            onChange={(title) => setRow({ ...row, title })}
            required
            max={120}
            disabled={disabled}
          />
          {richText ? (
            <MarkdownField
              id={`${texts.id}-${index}-text`}
              label="Text"
              value={row.text}
              onChange={(text) => setRow({ ...row, text })}
              required
              maxLength={500}
              rows={3}
              disabled={disabled}
              below={<TextWarnings fieldId={`${texts.id}-${index}-text`} text={row.text} />}
            />
          ) : (
            <Text
              id={`${texts.id}-${index}-text`}
              label="Text"
              value={row.text}
              onChange={(text) => setRow({ ...row, text })}
              required
              max={500}
              multiline
              disabled={disabled}
            />
          )}
        </>
      )}
    </RowsField>
  );
}

/** The zone's name, with the names this browser knows to pick from. */
function TimeZoneField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  return (
    <Field id="school-time-zone" name="timeZone" label="Time zone" required>
      {({ required: _required, ...control }) => (
        <>
          <input
            {...control}
            list="time-zones"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            disabled={disabled}
            aria-required
            autoComplete="off"
            spellCheck={false}
          />
          <datalist id="time-zones">
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
