import type { ReactNode } from 'react';
import type { Messages } from '../../i18n/catalogue.ts';

interface FieldProps {
  name: string;
  /** The control's id; `field-<name>` unless a page shows the same form more than once. */
  id?: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** Marks the label required or optional; a form whose every field is required marks none. */
  marked?: boolean;
  /** What marks a field that may be left empty, in the page's language. */
  optional?: string;
  className?: string;
  /** Renders the control with the ids and states it needs. */
  children: (control: ControlProps) => ReactNode;
}

export interface ControlProps {
  id: string;
  name: string;
  required: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its hint and its error message, wired for screen readers: the one
 * field of every form, public and dashboard alike.
 */
export function Field({
  name,
  id = `field-${name}`,
  label,
  error,
  hint,
  required = false,
  marked = true,
  optional = '(optional)',
  className,
  children,
}: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {!marked ? null : required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="optional">{` ${optional}`}</span>
        )}
      </label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({ id, name, required, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The asterisk of a required field, named for a screen reader in the page's words. */
export function RequiredMark({ messages: { t } }: { messages: Messages }) {
  return (
    <>
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">{t('form.asterisk')}</span>
    </>
  );
}
