import { type FormEvent, useRef, useState } from 'react';
import type { ContactMessage } from '../contract/contact-form.ts';
import { CONTACT_SUBJECTS, type ContactSubject, HONEYPOT_FIELD } from '../contract/contact-subjects.ts';
import type { MessageKey } from '../i18n/catalogue.ts';
import { type IslandWords, islandMessages } from '../i18n/catalogue.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ConsentBox, consentProblem } from './forms/ConsentBox.tsx';
import { Field, RequiredMark } from './forms/Field.tsx';
import { type Failure, FormFailure, formFailure } from './forms/FormFailure.tsx';
import { FormTrap } from './forms/FormTrap.tsx';
import { type FieldWords, fieldProblem } from './forms/field-problems.ts';
import { fieldErrors, useFormFields } from './forms/form-state.ts';
import { useHydrated } from './forms/hydration.ts';
import { SentCard } from './forms/SentCard.tsx';
import { lazy } from './parts/lazy.ts';
import { withElement } from './parts/with-element.tsx';
import './forms.css';

const loadSchema = lazy(() => import('../contract/contact-form.ts').then((module) => module.ContactMessage));

type ContactField = Exclude<keyof ContactMessage, 'consent'> | 'consent';

const EMPTY: Record<ContactField, string> = { name: '', email: '', phone: '', subject: '', message: '', consent: '' };

const FIELDS: Record<ContactField, FieldWords> = {
  name: { label: 'form.name' },
  email: { label: 'form.email', invalid: 'form.invalidEmail' },
  phone: { label: 'form.phone', invalid: 'form.invalidPhone' },
  subject: { label: 'contactForm.subject', invalid: 'contactForm.subjectMissing' },
  message: { label: 'form.message' },
  consent: { label: 'form.consent', invalid: 'form.consentRequired' },
};

const SUBJECTS: Record<ContactSubject, MessageKey> = {
  admission: 'contactForm.admission',
  academic: 'contactForm.academic',
  complaint: 'contactForm.complaint',
  suggestion: 'contactForm.suggestion',
  other: 'contactForm.other',
};

type Status = 'filling' | 'sending' | 'sent';

/**
 * /contact: the form checks what was typed and sends it to the school (POST /api/contact). The
 * thank-you screen shows only once the message is stored; a failure keeps the text and says so.
 * 'Send Another Message' brings the form back with its values.
 */
export default function ContactForm({ words }: { words: IslandWords }) {
  const messages = islandMessages(words);
  const { t } = messages;
  const [status, setStatus] = useState<Status>('filling');
  const [failure, setFailure] = useState<Failure | null>(null);
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
        ...(parsed.success
          ? {}
          : fieldErrors<ContactField>(parsed.error.issues, (issue, field) =>
              fieldProblem(issue, FIELDS[field], messages),
            )),
        ...consentProblem(values.consent, messages),
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
      setFailure(formFailure(error, messages, t('contactForm.failed')));
      setStatus('filling');
    } finally {
      sending.current = false;
    }
  }

  if (status === 'sent') {
    return (
      <SentCard title={t('contactForm.thanks', { name: values.name.trim() })} text={t('contactForm.received')}>
        <button type="button" className="button" onClick={() => setStatus('filling')}>
          {t('contactForm.another')}
        </button>
      </SentCard>
    );
  }

  const input = (field: 'name' | 'email' | 'phone', type: string, autoComplete: string, required = true) => (
    <Field
      name={field}
      label={t(FIELDS[field].label)}
      error={errors[field]}
      required={required}
      optional={t('form.optional')}
    >
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
      <h2 id="contact-form-title">{t('contactForm.title')}</h2>
      <p className="form-note">{withElement(t('form.marked'), 'mark', <RequiredMark messages={messages} />)}</p>
      {failure && <FormFailure failure={failure} />}
      <fieldset className="form-grid" disabled={status === 'sending'}>
        <legend className="visually-hidden">{t('contactForm.legend')}</legend>
        {input('name', 'text', 'name')}
        {input('email', 'email', 'email')}
        {input('phone', 'tel', 'tel', false)}
        <Field name="subject" label={t(FIELDS.subject.label)} error={errors.subject} required>
          {(control) => (
            <select
              {...control}
              value={values.subject}
              onChange={(event) => form.change('subject', event.target.value)}
            >
              <option value="">{t('contactForm.chooseSubject')}</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {t(SUBJECTS[subject])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="message" label={t(FIELDS.message.label)} error={errors.message} required className="field-wide">
          {(control) => (
            <textarea
              {...control}
              rows={5}
              value={values.message}
              onChange={(event) => form.change('message', event.target.value)}
            />
          )}
        </Field>
        <FormTrap inputRef={trapRef} messages={messages} />
        <ConsentBox
          checked={values.consent === 'yes'}
          onChange={(agreed) => form.change('consent', agreed ? 'yes' : '')}
          error={errors.consent}
          messages={messages}
        />
      </fieldset>
      <button type="submit" className="button form-submit" disabled={!hydrated || status === 'sending'}>
        {status === 'sending' ? t('contactForm.sending') : t('contactForm.send')}
      </button>
      <p className="form-privacy">
        {`${t('contactForm.privacy')} `}
        <a href="/privacy">{t('contactForm.privacyLink')}</a>
      </p>
    </form>
  );
}
