import { type FormEvent, Fragment, memo, type ReactNode, useMemo, useState } from 'react';
import { versionOf } from '../../contract/publication.ts';
import type { Settings, SettingsInput } from '../../contract/settings.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import {
  changedSettings,
  type SettingsDraft,
  settingsBody,
  settingsDraftOf,
  settingsProblem,
} from '../../lib/settings-draft.ts';
import { Alert } from './Alert.tsx';
import { Panel } from './Panel.tsx';
import { SETTINGS_GROUPS } from './settings-fields.ts';
import { changedFields, type FieldChange, fieldLabel, SaveConflict, staleSaveOf } from './stale-save.tsx';
import { useAction } from './use-action.ts';
import { EditingNow } from './use-presence.tsx';

const SAVE = 'save';
const FAILED = 'Failed to save settings';

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
  const update = (change: (draft: SettingsDraft) => SettingsDraft) => {
    setSaved(null);
    setDraft(change);
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
        {SETTINGS_GROUPS.map((group) => (
          <Group key={group.title} title={group.title} hint={group.hint}>
            {group.fields.map((field) => (
              <Fragment key={field.key}>{field.render({ draft, update, disabled, stored: settings })}</Fragment>
            ))}
          </Group>
        ))}

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
