import { type FormEvent, useRef, useState } from 'react';
import { HONEYPOT_FIELD } from '../../contract/contact-subjects.ts';
import type { IslandWords } from '../../i18n/catalogue.ts';
import { islandMessages } from '../../i18n/catalogue.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { Field } from '../forms/Field.tsx';
import { type Failure, FormFailure, formFailure } from '../forms/FormFailure.tsx';
import { FormTrap } from '../forms/FormTrap.tsx';
import { useHydrated } from '../forms/hydration.ts';
import { SentCard } from '../forms/SentCard.tsx';
import { lazy } from '../parts/lazy.ts';
import { NotifyDevice } from './NotifyDevice.tsx';
import { type Choices, SubscriptionChoices } from './SubscriptionChoices.tsx';
import '../forms.css';

const loadSchema = lazy(() =>
  import('../../contract/subscription-form.ts').then((module) => module.SubscriptionRequest),
);

type Status = 'filling' | 'sending' | 'sent';

/**
 * /subscribe: an address and what to receive, sent to POST /api/subscriptions in the page's
 * language. The answer is the same for every address: the page says to look for the e-mail.
 */
export default function SubscribeForm({ words }: { words: IslandWords }) {
  const messages = islandMessages(words);
  const { t } = messages;
  const [email, setEmail] = useState('');
  const [choices, setChoices] = useState<Choices>({
    topics: ['alerts', 'news', 'events', 'circulars'],
    frequency: 'instant',
  });
  const [errors, setErrors] = useState<{ email?: string; topics?: string }>({});
  const [status, setStatus] = useState<Status>('filling');
  const [failure, setFailure] = useState<Failure | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const trapRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status === 'sending') return;
    setFailure(null);
    const request = { email, ...choices, language: words.language };
    const parsed = (await loadSchema()).safeParse(request);
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({
        ...(fields.has('email') && {
          email: t(email.trim() ? 'form.invalidEmail' : 'form.required', { field: t('form.email') }),
        }),
        ...(fields.has('topics') && { topics: t('subscribe.topicsMissing') }),
      });
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, input[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    setStatus('sending');
    try {
      await apiRequest('/api/subscriptions', {
        method: 'POST',
        json: { ...parsed.data, [HONEYPOT_FIELD]: trapRef.current?.value ?? '' },
      });
      setStatus('sent');
    } catch (error) {
      setFailure(formFailure(error, messages, t('subscribe.failed')));
      setStatus('filling');
    }
  }

  if (status === 'sent') {
    return <SentCard title={t('subscribe.checkMail')} text={t('subscribe.checkMailText', { email: email.trim() })} />;
  }

  const noTopic = () => {
    setErrors((now) => ({ ...now, topics: t('subscribe.topicsMissing') }));
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input[name="topics"]')?.focus());
  };

  return (
    <div className="subscribe-ways">
      <form
        ref={formRef}
        className="form-card"
        method="post"
        noValidate
        onSubmit={submit}
        onFocus={() => void loadSchema().catch(() => undefined)}
        aria-labelledby="subscribe-form-title"
      >
        <h2 id="subscribe-form-title">{t('subscribe.formTitle')}</h2>
        {failure && <FormFailure failure={failure} />}
        <fieldset className="form-grid" disabled={status === 'sending'}>
          <legend className="visually-hidden">{t('subscribe.formTitle')}</legend>
          <Field name="email" label={t('form.email')} error={errors.email} required marked={false}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setErrors(({ email: _, ...rest }) => rest);
                }}
              />
            )}
          </Field>
          <SubscriptionChoices
            choices={choices}
            onChange={(next) => {
              setChoices(next);
              if (next.topics.length > 0) setErrors(({ topics: _, ...rest }) => rest);
            }}
            topicsError={errors.topics}
            messages={messages}
          />
          <FormTrap inputRef={trapRef} messages={messages} />
        </fieldset>
        <button type="submit" className="button form-submit" disabled={!hydrated || status === 'sending'}>
          {status === 'sending' ? t('subscribe.sending') : t('subscribe.send')}
        </button>
        <p className="form-privacy">
          {`${t('subscribe.privacy')} `}
          <a href="/privacy">{t('subscribe.privacyLink')}</a>
        </p>
      </form>
      <NotifyDevice topics={choices.topics} language={words.language} messages={messages} onNoTopic={noTopic} />
    </div>
  );
}
