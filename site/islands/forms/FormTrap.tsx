import type { Ref } from 'react';
import { HONEYPOT_FIELD } from '../../contract/contact-subjects.ts';
import type { Messages } from '../../i18n/catalogue.ts';

/**
 * The field people never see (forms.css puts it off screen) and programs fill in: the server
 * answers a body with it filled as if it worked, and keeps nothing (admin-api/http/honeypot.ts).
 */
export function FormTrap({ inputRef, messages: { t } }: { inputRef: Ref<HTMLInputElement>; messages: Messages }) {
  return (
    <div className="form-trap" aria-hidden="true">
      <label htmlFor={`field-${HONEYPOT_FIELD}`}>{t('form.trap')}</label>
      <input ref={inputRef} id={`field-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
