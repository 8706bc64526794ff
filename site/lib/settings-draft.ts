/**
 * The dashboard's settings form: what its fields hold (a programme's streams and the site's
 * languages each typed as one line, separated by commas),
 * and the body sent to PUT /api/settings, checked with the server's own schema first.
 */
import { type Programme, type Settings, SettingsInput } from '../contract/settings.ts';

export interface ProgrammeDraft extends Omit<Programme, 'streams'> {
  /** Comma-separated: `Science, Commerce, Arts`. */
  streams: string;
}

type TranslatedTexts = NonNullable<Settings['translations']>[string];

export interface SettingsDraft
  extends Omit<Settings, 'programmes' | 'languages' | 'formerSlugs' | 'updated' | 'translations'> {
  programmes: ProgrammeDraft[];
  /** Each language's texts, its programmes as the form holds them. */
  translations?: Record<string, Omit<TranslatedTexts, 'programmes'> & { programmes?: ProgrammeDraft[] }>;
  /** Comma-separated, the default first: `en, hi, ar`. */
  languages: string;
}

/** `Science, Commerce, ` → `['Science', 'Commerce']`. */
const commaList = (line: string) =>
  line
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

const programmeDrafts = (programmes: Programme[]): ProgrammeDraft[] =>
  programmes.map((programme) => ({ ...programme, streams: programme.streams.join(', ') }));
const programmesOf = (drafts: ProgrammeDraft[]): Programme[] =>
  drafts.map((programme) => ({ ...programme, streams: commaList(programme.streams) }));

/** `translations` with each language's programmes made by `convert`. */
function withProgrammes<Texts extends { programmes?: From[] }, From, To>(
  translations: Record<string, Texts>,
  convert: (programmes: From[]) => To[],
): Record<string, Omit<Texts, 'programmes'> & { programmes?: To[] }> {
  return Object.fromEntries(
    Object.entries(translations).map(([tag, { programmes, ...texts }]) => [
      tag,
      programmes ? { ...texts, programmes: convert(programmes) } : texts,
    ]),
  );
}

export function settingsDraftOf(settings: Settings): SettingsDraft {
  const { formerSlugs: _former, updated: _updated, programmes, languages, translations, ...rest } = settings;
  return {
    ...rest,
    programmes: programmeDrafts(programmes),
    languages: languages.join(', '),
    ...(translations && { translations: withProgrammes(translations, programmeDrafts) }),
  };
}

export function settingsBody(draft: SettingsDraft): SettingsInput {
  const { translations, ...rest } = draft;
  return {
    ...rest,
    programmes: programmesOf(draft.programmes),
    languages: commaList(draft.languages),
    ...(translations && { translations: withProgrammes(translations, programmesOf) }),
  };
}

/**
 * The fields of `draft` that differ from `base` (the settings the form started from): a save sends
 * only these, so fields someone else changed meanwhile are not sent back as they were.
 */
export function changedSettings(draft: SettingsDraft, base: SettingsDraft): Partial<SettingsInput> {
  const [mine, before] = [settingsBody(draft), settingsBody(base)] as Record<string, unknown>[];
  return Object.fromEntries(
    Object.entries(mine!).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before![key])),
  );
}

/** What the server would refuse in the draft, in its words, or null. */
export function settingsProblem(draft: SettingsDraft): string | null {
  const parsed = SettingsInput.safeParse(settingsBody(draft));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'The settings are not valid');
}
