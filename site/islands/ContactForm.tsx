import { type FormEvent, useRef, useState } from 'react';
import type { ContactMessage } from '../contract/contact-form.ts';
import { CONTACT_SUBJECTS, HONEYPOT_FIELD, SUBJECT_LABELS } from '../contract/contact-subjects.ts';
import { ApiError, apiRequest } from '../lib/api-client.ts';
import { ConsentBox, consentProblem } from './forms/ConsentBox.tsx';
import { Field } from './forms/Field.tsx';
import { fieldErrors, useFormFields } from './forms/form-state.ts';
import { useHydrated } from './forms/hydration.ts';
import { lazy } from './parts/lazy.ts';
import './forms.css';

const loadSchema = lazy(() => import('../contract/contact-form.ts').then((module) => module.ContactMessage));

type ContactField = Exclude<keyof ContactMessage, 'consent'> | 'consent';

const EMPTY: Record<ContactField, string> = { name: '', email: '', phone: '', subject: '', message: '', consent: '' };

const FAILED =
  'Your message could not be sent. Please try again in a moment, or call or e-mail the school office instead.';

type Status = 'filling' | 'sending' | 'sent';

/**
 * /contact: the form checks what was typed and sends it to the school (POST /api/contact). The
 * thank-you screen shows only once the message is stored; a failure keeps the text and says so.
 * 'Send Another Message' brings the form back with its values.
 */
export default function ContactForm() {
  const [status, setStatus] = useState<Status>('filling');
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const trapRef = useRef<HTMLInputElement>(null);
  const form = useFormFields(EMPTY, formRef);
  const hydrated = useHydrated();
  const sending = useRef(false);
  const { values, errors } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      const parsed = (await loadSchema()).safeParse({ ...values, consent: undefined });
      const problems = {
        ...(parsed.success ? {} : fieldErrors<ContactField>(parsed.error.issues)),
        ...consentProblem(values.consent),
      };
      if (!parsed.success || Object.keys(problems).length > 0) {
        form.showErrors(problems);
        return;
      }
      setStatus('sending');
      await apiRequest('/api/contact', {
        method: 'POST',
        json: { ...parsed.data, consent: true, [HONEYPOT_FIELD]: trapRef.current?.value ?? '' },
      });
      setStatus('sent');
    } catch (error) {
      setFailure((error instanceof ApiError && !error.isNetworkError && error.serverMessage) || FAILED);
      setStatus('filling');
    } finally {
      sending.current = false;
    }
  }

  if (status === 'sent') {
    return (
      <div className="form-card success" role="status">
        <h2 tabIndex={-1} ref={(heading) => heading?.focus()}>
          Thank you, {values.name.trim()}!
        </h2>
        <p>We have received your message and will reply within 24 hours.</p>
        <button type="button" className="button" onClick={() => setStatus('filling')}>
          Send Another Message
        </button>
      </div>
    );
  }

  const input = (field: ContactField, label: string, type: string, autoComplete: string, required = true) => (
    <Field name={field} label={label} error={errors[field]} required={required}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(event) => form.change(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      ref={formRef}
      className="form-card"
      method="post"
      noValidate
      onSubmit={submit}
      onFocus={() => void loadSchema().catch(() => undefined)}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">Send us a message</h2>
      <p className="form-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      {failure && (
        <div className="form-failure" role="alert">
          {failure}
        </div>
      )}
      <fieldset className="form-grid" disabled={status === 'sending'}>
        <legend className="visually-hidden">Your message</legend>
        {input('name', 'Name', 'text', 'name')}
        {input('email', 'Email', 'email', 'email')}
        {input('phone', 'Phone', 'tel', 'tel', false)}
        <Field name="subject" label="Subject" error={errors.subject} required>
          {(control) => (
            <select
              {...control}
              value={values.subject}
              onChange={(event) => form.change('subject', event.target.value)}
            >
              <option value="">Choose a subject</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {SUBJECT_LABELS[subject]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="message" label="Message" error={errors.message} required className="field-wide">
          {(control) => (
            <textarea
              {...control}
              rows={5}
              value={values.message}
              onChange={(event) => form.change('message', event.target.value)}
            />
          )}
        </Field>
        <div className="form-trap" aria-hidden="true">
          <label htmlFor={`field-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input ref={trapRef} id={`field-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <ConsentBox
          checked={values.consent === 'yes'}
          onChange={(agreed) => form.change('consent', agreed ? 'yes' : '')}
          error={errors.consent}
        />
      </fieldset>
      <button type="submit" className="button form-submit" disabled={!hydrated || status === 'sending'}>
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
      <p className="form-privacy">
        We use your details only to answer you. <a href="/privacy">How we use your details</a>
      </p>
    </form>
  );
}
