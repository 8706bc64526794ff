/**
 * The dashboard's settings form: what its fields hold (a programme's streams typed as one line),
 * and the body sent to PUT /api/settings, checked with the server's own schema first.
 */
import { type Programme, type Settings, SettingsInput } from '../contract/settings.ts';

export interface ProgrammeDraft extends Omit<Programme, 'streams'> {
  /** Comma-separated: `Science, Commerce, Arts`. */
  streams: string;
}

export interface SettingsDraft extends Omit<Settings, 'programmes' | 'formerSlugs'> {
  programmes: ProgrammeDraft[];
}

export function settingsDraftOf(settings: Settings): SettingsDraft {
  const { formerSlugs: _former, programmes, ...rest } = settings;
  return {
    ...rest,
    programmes: programmes.map((programme) => ({ ...programme, streams: programme.streams.join(', ') })),
  };
}

export function settingsBody(draft: SettingsDraft): SettingsInput {
  const programmes = draft.programmes.map((programme) => ({
    ...programme,
    streams: programme.streams
      .split(',')
      .map((stream) => stream.trim())
      .filter((stream) => stream !== ''),
  }));
  return { ...draft, programmes };
}

/** What the server would refuse in the draft, in its words, or null. */
export function settingsProblem(draft: SettingsDraft): string | null {
  const parsed = SettingsInput.safeParse(settingsBody(draft));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'The settings are not valid');
}
