import type { ReactNode } from 'react';

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
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

/** A labelled form control with its hint and its error message, wired for screen readers. */
export function Field({ name, label, error, hint, required = false, className, children }: FieldProps) {
  const id = `field-${name}`;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="optional"> (optional)</span>
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
