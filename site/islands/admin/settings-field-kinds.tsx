/**
 * The kinds of field of the School details form, each bound to its place in the form's draft: a
 * text, a long text in the visual editor, a list of rows, a line of help, the time zone.
 */
import { type ReactNode, useMemo } from 'react';
import type { Settings } from '../../contract/settings.ts';
import { TRANSLATED_FIELDS } from '../../contract/translation-report.ts';
import type { SettingsDraft } from '../../lib/settings-draft.ts';
import { Field } from '../forms/Field.tsx';
import { type RowControlProps, RowListField, type RowListProps } from '../forms/RowListField.tsx';
import { TextField } from '../forms/TextField.tsx';
import { TextWarnings } from './accessibility/TextWarnings.tsx';
import { MarkdownField, type MarkdownFieldProps } from './editor/MarkdownField.tsx';
import { type TextProps, TranslatableField, type Translating } from './translations/TranslatableField.tsx';
import { withTranslation } from './translations/translation-text.ts';

export interface SettingsFieldProps {
  draft: SettingsDraft;
  update: (change: (draft: SettingsDraft) => SettingsDraft) => void;
  disabled: boolean;
  /** The settings as saved, whose translations' states the fields show. */
  stored: Settings;
}

/** A field of the form: `render` shows it with the draft's value, and changes the draft. */
export interface SettingsField {
  key: string;
  render: (props: SettingsFieldProps) => ReactNode;
}

/** Where a field's value is in the draft. */
interface Place<T> {
  get: (draft: SettingsDraft) => T;
  set: (draft: SettingsDraft, value: T) => SettingsDraft;
  /** The setting's name when it may be translated (`tagline`). */
  translated?: string;
}

/** The value of a setting: `setting('phone')`. */
export function setting<K extends keyof SettingsDraft>(key: K): Place<SettingsDraft[K]> {
  return {
    get: (draft) => draft[key],
    set: (draft, value) => ({ ...draft, [key]: value }),
    ...(TRANSLATED_FIELDS.settings.includes(key) && { translated: key }),
  };
}

type Grouped = 'social' | 'leaderNames' | 'calendar';

/** One entry of a setting that groups several: `entry('social', 'facebook')`. */
export function entry<K extends Grouped, E extends keyof SettingsDraft[K]>(
  key: K,
  name: E,
): Place<SettingsDraft[K][E]> {
  return {
    get: (draft) => draft[key][name],
    set: (draft, value) => ({ ...draft, [key]: { ...draft[key], [name]: value } }),
  };
}

interface TextSpec {
  id: string;
  label: string;
  maxLength: number;
  required?: boolean;
  multiline?: boolean;
}

const onChangeOf =
  <T,>(place: Place<T>, update: SettingsFieldProps['update']) =>
  (value: T) =>
    update((draft) => place.set(draft, value));

/** The control of a setting in each language it may be translated into (TranslatableField). */
function translatable<V>(
  place: Place<V>,
  spec: { id: string; label: string; required?: boolean },
  control: (text: TextProps<V>, disabled: boolean) => ReactNode,
  untranslated?: V,
) {
  return ({ draft, update, stored, disabled }: SettingsFieldProps) => {
    const translating: Translating | undefined = place.translated
      ? {
          translations: draft.translations,
          onTranslate: (language, field, text) =>
            update((now) => ({ ...now, translations: withTranslation(now.translations, language, field, text) })),
          stored,
        }
      : undefined;
    return (
      <TranslatableField
        id={spec.id}
        label={spec.label}
        field={place.translated ?? ''}
        value={place.get(draft)}
        onChange={onChangeOf(place, update)}
        translating={translating}
        untranslated={untranslated}
        required={spec.required}
      >
        {(text) => control(text, disabled)}
      </TranslatableField>
    );
  };
}

export function text(place: Place<string>, spec: TextSpec): SettingsField {
  const { maxLength, multiline } = spec;
  return {
    key: spec.id,
    render: translatable(place, spec, (text, disabled) => (
      <TextField {...text} maxLength={maxLength} multiline={multiline} disabled={disabled} />
    )),
  };
}

/** A long text, in the visual editor, with the accessibility checker's warnings under it. */
export function richText(place: Place<string>, spec: Omit<TextSpec, 'multiline'> & { rows?: number }): SettingsField {
  const { maxLength, rows } = spec;
  return {
    key: spec.id,
    render: translatable(place, spec, (text, disabled) => (
      <RichTextField {...text} maxLength={maxLength} rows={rows} disabled={disabled} />
    )),
  };
}

/** A list of rows; in another language, the rows of its translation, none until it is translated. */
export function rows<Row>(
  place: Place<Row[]>,
  spec: Omit<RowListProps<Row>, 'rows' | 'onChange' | 'disabled'>,
): SettingsField {
  const rowId = spec.rowId ?? spec.id;
  return {
    key: spec.id,
    render: translatable(
      place,
      { id: spec.id, label: spec.legend },
      ({ id, label, value, onChange, lang, dir }, disabled) => (
        <div lang={lang} dir={dir}>
          <RowListField
            {...spec}
            id={id}
            rowId={id === spec.id ? rowId : `${rowId}-${lang}`}
            legend={label}
            rows={value}
            onChange={onChange}
            disabled={disabled}
          />
        </div>
      ),
      [] as Row[],
    ),
  };
}

/** One of a few values, picked from a list: the weekly digest's day. */
export function choice<V extends string>(
  place: Place<V>,
  spec: { id: string; label: string; options: readonly { value: V; label: string }[] },
): SettingsField {
  return {
    key: spec.id,
    render: ({ draft, update, disabled }) => (
      <Field id={spec.id} name={spec.id} label={spec.label} required marked={false}>
        {(control) => (
          <select
            {...control}
            value={place.get(draft)}
            onChange={(event) => onChangeOf(place, update)(event.target.value as V)}
            disabled={disabled}
          >
            {spec.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    ),
  };
}

/** A line of help across the group. */
export function note(text: string): SettingsField {
  return { key: text, render: () => <p className="hint field-wide">{text}</p> };
}

export const timeZone: SettingsField = {
  key: 'school-time-zone',
  render: ({ draft, update, disabled }) => (
    <TimeZoneField value={draft.timeZone} onChange={onChangeOf(setting('timeZone'), update)} disabled={disabled} />
  ),
};

function RichTextField({ id, ...props }: Omit<MarkdownFieldProps, 'below'>) {
  return <MarkdownField id={id} {...props} below={<TextWarnings fieldId={id} text={props.value} />} />;
}

/** A row's short text in the visual editor (a value's text). */
export function RowRichText({ multiline: _multiline, ...props }: RowControlProps) {
  return <RichTextField {...props} rows={3} />;
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
