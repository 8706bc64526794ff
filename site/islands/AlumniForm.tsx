import { type FormEvent, useRef, useState } from 'react';
import type { AlumniInput } from '../contract/alumni-form.ts';
import type { MessageKey } from '../i18n/catalogue.ts';
import { type IslandWords, islandMessages } from '../i18n/catalogue.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ConsentBox, consentProblem } from './forms/ConsentBox.tsx';
import { Field, RequiredMark } from './forms/Field.tsx';
import { type Failure, FormFailure, formFailure } from './forms/FormFailure.tsx';
import { type FieldWords, fieldProblem } from './forms/field-problems.ts';
import { fieldErrors, useFormFields } from './forms/form-state.ts';
import { useHydrated } from './forms/hydration.ts';
import { SentCard } from './forms/SentCard.tsx';
import { lazy } from './parts/lazy.ts';
import { withElement } from './parts/with-element.tsx';
import './forms.css';

const loadSchema = lazy(() => import('../contract/alumni-form.ts').then((module) => module.AlumniInput));

const GENDER_LABELS: Record<AlumniInput['gender'], MessageKey> = {
  male: 'alumniForm.male',
  female: 'alumniForm.female',
};

type AlumniField = Exclude<keyof AlumniInput, 'consent'> | 'consent';

const EMPTY: Record<AlumniField, string> = {
  fullName: '',
  gender: '',
  mobile: '',
  email: '',
  address: '',
  periodOfStudy: '',
  qualification: '',
  occupation: '',
  companyName: '',
  companyAddress: '',
  message: '',
  consent: '',
};

const FIELDS: Record<AlumniField, FieldWords> = {
  fullName: { label: 'alumniForm.fullName' },
  gender: { label: 'alumniForm.gender', invalid: 'alumniForm.genderMissing' },
  mobile: { label: 'alumniForm.mobile', invalid: 'alumniForm.invalidMobile' },
  email: { label: 'form.email', invalid: 'form.invalidEmail' },
  address: { label: 'alumniForm.address' },
  periodOfStudy: { label: 'alumniForm.periodOfStudy' },
  qualification: { label: 'alumniForm.qualification' },
  occupation: { label: 'alumniForm.occupation' },
  companyName: { label: 'alumniForm.companyName' },
  companyAddress: { label: 'alumniForm.companyAddress' },
  message: { label: 'form.message' },
  consent: { label: 'form.consent', invalid: 'form.consentRequired' },
};

type Status = 'filling' | 'submitting' | 'registered';

/** /alumni: the registration form of spec §5, its submitting state, success screen and errors. */
export default function AlumniForm({ words }: { words: IslandWords }) {
  const messages = islandMessages(words);
  const { t } = messages;
  const [status, setStatus] = useState<Status>('filling');
  const [failure, setFailure] = useState<Failure | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
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
          : fieldErrors<AlumniField>(parsed.error.issues, (issue, field) =>
              fieldProblem(issue, FIELDS[field], messages),
            )),
        ...consentProblem(values.consent, messages),
      };
      if (!parsed.success || Object.keys(problems).length > 0) {
        form.showErrors(problems);
        return;
      }
      setStatus('submitting');
      await apiRequest('/api/alumni', { method: 'POST', json: { ...parsed.data, consent: true } });
      setStatus('registered');
    } catch (error) {
      setFailure(formFailure(error, messages, t('alumniForm.failed')));
      setStatus('filling');
    } finally {
      sending.current = false;
    }
  }

  function registerAnother() {
    form.reset();
    setFailure(null);
    setStatus('filling');
  }

  if (status === 'registered') {
    return (
      <SentCard title={t('alumniForm.thanks')} text={t('alumniForm.received')}>
        <button type="button" className="button" onClick={registerAnother}>
          {t('alumniForm.another')}
        </button>
      </SentCard>
    );
  }

  const text = (
    field: AlumniField,
    options: { type?: string; hint?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <Field
      name={field}
      label={t(FIELDS[field].label)}
      error={errors[field]}
      hint={options.hint}
      required={options.required ?? true}
      optional={t('form.optional')}
    >
      {(control) => (
        <input
          {...control}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          value={values[field]}
          onChange={(event) => form.change(field, event.target.value)}
        />
      )}
    </Field>
  );

  const area = (field: AlumniField, required: boolean) => (
    <Field
      name={field}
      label={t(FIELDS[field].label)}
      error={errors[field]}
      required={required}
      optional={t('form.optional')}
      className="field-wide"
    >
      {(control) => (
        <textarea
          {...control}
          rows={3}
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
      aria-describedby="alumni-required"
    >
      <p id="alumni-required" className="form-note">
        {withElement(t('form.marked'), 'mark', <RequiredMark messages={messages} />)}
      </p>
      {failure && <FormFailure failure={failure} />}
      <fieldset className="form-grid" disabled={status === 'submitting'}>
        <legend className="visually-hidden">{t('alumniForm.legend')}</legend>
        {text('fullName', { autoComplete: 'name' })}
        <fieldset
          className="field choice-group"
          aria-invalid={Boolean(errors.gender)}
          aria-describedby={errors.gender ? 'field-gender-error' : undefined}
        >
          <legend>
            {t(FIELDS.gender.label)}
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="choices">
            {(Object.keys(GENDER_LABELS) as AlumniInput['gender'][]).map((gender) => (
              <label key={gender} className="choice">
                <input
                  type="radio"
                  name="gender"
                  value={gender}
                  required
                  checked={values.gender === gender}
                  onChange={() => form.change('gender', gender)}
                />
                {t(GENDER_LABELS[gender])}
              </label>
            ))}
          </div>
          {errors.gender && (
            <p className="field-error" id="field-gender-error">
              {errors.gender}
            </p>
          )}
        </fieldset>
        {text('mobile', { type: 'tel', autoComplete: 'tel' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
        {area('address', true)}
        {text('periodOfStudy', { hint: t('alumniForm.periodHint') })}
        {text('qualification')}
        {text('occupation', { autoComplete: 'organization-title' })}
        {text('companyName', { required: false, autoComplete: 'organization' })}
        {area('companyAddress', false)}
        {area('message', false)}
        <ConsentBox
          checked={values.consent === 'yes'}
          onChange={(agreed) => form.change('consent', agreed ? 'yes' : '')}
          error={errors.consent}
          messages={messages}
        />
      </fieldset>
      <p className="form-note">
        {withElement(t('alumniForm.privacy'), 'link', <a href="/privacy">{t('alumniForm.privacyLink')}</a>)}
      </p>
      <button type="submit" className="button form-submit" disabled={!hydrated || status === 'submitting'}>
        {status === 'submitting' ? t('alumniForm.registering') : t('alumniForm.register')}
      </button>
    </form>
  );
}
