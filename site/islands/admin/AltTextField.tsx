/**
 * The text alternative of an image being added or edited: what a screen reader says instead of
 * the picture. `undefined` is "not set" (the page falls back), `""` decorative on purpose.
 */
import { useId } from 'react';
import { ALT_MAX } from '../../contract/content.ts';
import { Field } from '../forms/Field.tsx';
import { TextField } from '../forms/TextField.tsx';
import { AltWarning } from './accessibility/AltWarning.tsx';
import { TranslatableField, type Translating } from './translations/TranslatableField.tsx';

export const ALT_LABEL = 'Text alternative (alt text)';
export const DECORATIVE_LABEL = 'Decorative (no description needed)';
const HINT = 'Say in a sentence what the picture shows and why it is here, for people who cannot see it.';

export function AltTextField({
  value,
  onChange,
  disabled,
  fallback,
  warn = false,
}: {
  value: string | undefined;
  onChange: (alt: string | undefined) => void;
  disabled?: boolean;
  /** What the page says when it is left empty (a gallery photo: "its caption"). */
  fallback?: string;
  /** An image is chosen whose missing alt the accessibility checker reports (not a captioned photo): warn under the field. */
  warn?: boolean;
}) {
  const id = useId();
  const decorative = value === '';
  return (
    <div className="alt-text-field field-wide">
      <Field
        id={`${id}-alt`}
        name="alt"
        label={ALT_LABEL}
        hint={fallback ? `${HINT} Left empty, ${fallback} is used.` : HINT}
      >
        {({ required: _required, ...control }) => (
          <input
            {...control}
            type="text"
            value={value ?? ''}
            maxLength={ALT_MAX}
            disabled={disabled || decorative}
            onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          />
        )}
      </Field>
      <label className="check">
        <input
          type="checkbox"
          checked={decorative}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked ? '' : undefined)}
        />
        {DECORATIVE_LABEL}
      </label>
      <AltWarning missing={warn && value === undefined} />
    </div>
  );
}

/** The alt to send: trimmed, with an empty text left out (not set), `""` kept (decorative). */
export const altToSend = (alt: string | undefined) =>
  alt === undefined ? {} : alt === '' ? { alt: '' } : alt.trim() === '' ? {} : { alt: alt.trim() };

/**
 * The text alternative in each of the site's languages: the field above in the default language,
 * a plain text in the others (a decorative image is decorative in every language).
 */
export function TranslatedAlt({
  id,
  alt,
  onAlt,
  translating,
  disabled,
  fallback = 'the caption',
  warn,
}: {
  id: string;
  alt: string | undefined;
  onAlt: (alt: string | undefined) => void;
  translating: Translating;
  disabled: boolean;
  fallback?: string;
  warn?: boolean;
}) {
  return (
    <TranslatableField
      id={id}
      label={ALT_LABEL}
      field="alt"
      value={alt ?? ''}
      onChange={(text) => onAlt(text === '' ? undefined : text)}
      translating={translating}
    >
      {(text) =>
        text.lang ? (
          <TextField {...text} maxLength={ALT_MAX} disabled={disabled || alt === ''} />
        ) : (
          <AltTextField value={alt} onChange={onAlt} disabled={disabled} fallback={fallback} warn={warn} />
        )
      }
    </TranslatableField>
  );
}
