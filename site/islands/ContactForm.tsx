import { type FormEvent, useRef, useState } from 'react';
import type { ContactMessage } from '../contract/contact.ts';
import { CONTACT_SUBJECTS, SUBJECT_LABELS } from '../contract/contact-subjects.ts';
import { Field } from './forms/Field.tsx';
import { fieldErrors, useFormFields } from './forms/form-state.ts';
import { useHydrated } from './forms/hydration.ts';
import { lazy } from './parts/lazy.ts';
import './forms.css';

const loadSchema = lazy(() => import('../contract/contact.ts').then((module) => module.ContactMessage));

type ContactField = keyof ContactMessage;

const EMPTY: Record<ContactField, string> = { name: '', email: '', phone: '', subject: '', message: '' };

/**
 * /contact: the form checks what was typed and shows a thank-you screen. Spec §3: the message is
 * not sent anywhere, so no network call is made. 'Send Another Message' brings the form back
 * with its values.
 */
export default function ContactForm() {
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFields(EMPTY, formRef);
  const hydrated = useHydrated();
  const { values, errors } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const schema = await loadSchema().catch((error: unknown) => {
      console.error('Could not load the form check', error);
      return null;
    });
    if (!schema) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      form.showErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSent(true);
  }

  if (sent) {
    return (
      <div className="form-card success" role="status">
        <h2 tabIndex={-1} ref={(heading) => heading?.focus()}>
          Thank you, {values.name.trim()}!
        </h2>
        <p>We have received your message and will reply within 24 hours.</p>
        <button type="button" className="button" onClick={() => setSent(false)}>
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
      <div className="form-grid">
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
      </div>
      <button type="submit" className="button form-submit" disabled={!hydrated}>
        Send Message
      </button>
    </form>
  );
}
