import type { Messages } from '../../i18n/catalogue.ts';
import { withElement } from '../parts/with-element.tsx';

/**
 * The box a person ticks to agree to the privacy notice before a form sends their details:
 * unticked at first, required, with the notice one link away (forms.css). Its value in the form is
 * `'yes'` or `''`, like every other field's text.
 */
export function ConsentBox({
  checked,
  onChange,
  error,
  messages: { t },
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  /** The page's words (`form.*`). */
  messages: Messages;
}) {
  const id = 'field-consent';
  return (
    <div className="field field-wide consent">
      <p className="consent-notice" id={`${id}-hint`}>
        {withElement(t('form.consentNotice'), 'link', <a href="/privacy">{t('form.consentLink')}</a>)}
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
          {t('form.consent')}
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
export const consentProblem = (value: string, { t }: Messages): { consent?: string } =>
  value === 'yes' ? {} : { consent: t('form.consentRequired') };
