import { Field } from './Field.tsx';

/**
 * A labelled text, date, time or password input, or a textarea, whose value the caller keeps. The
 * dashboard's forms check their fields themselves and say what is missing in the spec's words,
 * so the control is marked `aria-required` rather than `required` (no browser bubble).
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  required = false,
  disabled,
  type = 'text',
  multiline,
  maxLength,
  autoComplete,
  lang,
  dir,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  type?: 'text' | 'date' | 'time' | 'password';
  multiline?: boolean;
  maxLength?: number;
  autoComplete?: string;
  /** The text's language and direction, when it is not the page's (a translation). */
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
}) {
  return (
    <Field id={id} name={id} label={label} required={required} className={multiline ? 'field-wide' : undefined}>
      {({ required: _required, ...control }) => {
        const shared = {
          ...control,
          value,
          disabled,
          maxLength,
          autoComplete,
          lang,
          dir,
          'aria-required': required || undefined,
          onChange: (event: { target: { value: string } }) => onChange(event.target.value),
        };
        return multiline ? <textarea rows={4} {...shared} /> : <input type={type} {...shared} />;
      }}
    </Field>
  );
}
