import { CONSENT_LABEL, CONSENT_REQUIRED } from '../../contract/consent.ts';

/**
 * The box a person ticks to agree to the privacy notice before a form sends their details:
 * unticked at first, required, with the notice one link away (forms.css). Its value in the form is
 * `'yes'` or `''`, like every other field's text.
 */
export function ConsentBox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = 'field-consent';
  return (
    <div className="field field-wide consent">
      <p className="consent-notice" id={`${id}-hint`}>
        The <a href="/privacy">privacy notice</a> says what the school keeps, why, for how long and how to have it
        deleted.
      </p>
      <label className="consent-box" htmlFor={id}>
        <input
          id={id}
          name="consent"
          type="checkbox"
          value="yes"
          checked={checked}
          required
          aria-invalid={Boolean(error)}
          aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          {CONSENT_LABEL}
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        </span>
      </label>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's error for an unticked box, or none. */
export const consentProblem = (value: string): { consent?: string } =>
  value === 'yes' ? {} : { consent: CONSENT_REQUIRED };
