import { type FormEvent, useRef, useState } from 'react';
import type { AlumniInput } from '../contract/alumni-form.ts';
import { ApiError, apiRequest } from '../lib/api-client.ts';
import { ConsentBox, consentProblem } from './forms/ConsentBox.tsx';
import { Field } from './forms/Field.tsx';
import { fieldErrors, useFormFields } from './forms/form-state.ts';
import { useHydrated } from './forms/hydration.ts';
import { lazy } from './parts/lazy.ts';
import './forms.css';

const loadSchema = lazy(() => import('../contract/alumni-form.ts').then((module) => module.AlumniInput));

const GENDER_LABELS: Record<AlumniInput['gender'], string> = { male: 'Male', female: 'Female' };

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

const FAILED = 'Registration failed. Please try again.';

type Status = 'filling' | 'submitting' | 'registered';

/** /alumni: the registration form of spec §5, its submitting state, success screen and errors. */
export default function AlumniForm() {
  const [status, setStatus] = useState<Status>('filling');
  const [failure, setFailure] = useState<string | null>(null);
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
        ...(parsed.success ? {} : fieldErrors<AlumniField>(parsed.error.issues)),
        ...consentProblem(values.consent),
      };
      if (!parsed.success || Object.keys(problems).length > 0) {
        form.showErrors(problems);
        return;
      }
      setStatus('submitting');
      await apiRequest('/api/alumni', { method: 'POST', json: { ...parsed.data, consent: true } });
      setStatus('registered');
    } catch (error) {
      setFailure((error instanceof ApiError && error.serverMessage) || FAILED);
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
      <div className="form-card success" role="status">
        <h2 tabIndex={-1} ref={(heading) => heading?.focus()}>
          Thank you for registering!
        </h2>
        <p>
          Your registration has been received. The school office will review it, and you will appear among our alumni
          once it is approved.
        </p>
        <button type="button" className="button" onClick={registerAnother}>
          Register Another Alumni
        </button>
      </div>
    );
  }

  const text = (
    field: AlumniField,
    label: string,
    options: { type?: string; hint?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <Field name={field} label={label} error={errors[field]} hint={options.hint} required={options.required ?? true}>
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

  const area = (field: AlumniField, label: string, required: boolean) => (
    <Field name={field} label={label} error={errors[field]} required={required} className="field-wide">
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
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      {failure && (
        <div className="form-failure" role="alert">
          {failure}
        </div>
      )}
      <fieldset className="form-grid" disabled={status === 'submitting'}>
        <legend className="visually-hidden">Alumni registration</legend>
        {text('fullName', 'Full name', { autoComplete: 'name' })}
        <fieldset
          className="field choice-group"
          aria-invalid={Boolean(errors.gender)}
          aria-describedby={errors.gender ? 'field-gender-error' : undefined}
        >
          <legend>
            Gender
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
                {GENDER_LABELS[gender]}
              </label>
            ))}
          </div>
          {errors.gender && (
            <p className="field-error" id="field-gender-error">
              {errors.gender}
            </p>
          )}
        </fieldset>
        {text('mobile', 'Mobile number', { type: 'tel', autoComplete: 'tel' })}
        {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {area('address', 'Address', true)}
        {text('periodOfStudy', 'Period of study', { hint: 'For example 2010-2020' })}
        {text('qualification', 'Qualification')}
        {text('occupation', 'Occupation', { autoComplete: 'organization-title' })}
        {text('companyName', 'Company name', { required: false, autoComplete: 'organization' })}
        {area('companyAddress', 'Company address', false)}
        {area('message', 'Message', false)}
        <ConsentBox
          checked={values.consent === 'yes'}
          onChange={(agreed) => form.change('consent', agreed ? 'yes' : '')}
          error={errors.consent}
        />
      </fieldset>
      <p className="form-note">
        Only the school office sees your details, to keep in touch with you. Read our{' '}
        <a href="/privacy">Privacy Policy</a> to learn more.
      </p>
      <button type="submit" className="button form-submit" disabled={!hydrated || status === 'submitting'}>
        {status === 'submitting' ? 'Registering...' : 'Register'}
      </button>
    </form>
  );
}
