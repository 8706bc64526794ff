import { type FormEvent, useEffect, useState } from 'react';
import type { SubscriptionView } from '../../contract/subscriptions.ts';
import type { IslandWords } from '../../i18n/catalogue.ts';
import { islandMessages } from '../../i18n/catalogue.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { UNSUBSCRIBE_PARAMETER } from '../../lib/subscription-paths.ts';
import { NotifyDevice } from './NotifyDevice.tsx';
import { type Choices, SubscriptionChoices, tokenOfPage } from './SubscriptionChoices.tsx';
import '../forms.css';

type Status = 'loading' | 'ready' | 'saving' | 'saved' | 'unsubscribing' | 'unsubscribed' | 'invalid' | 'failed';

/**
 * /subscribe/manage?token=…, every e-mail's "change what you receive" link: the subscription's
 * topics and frequency, saved with its token, and the button that unsubscribes. The e-mails'
 * "unsubscribe" link adds `&unsubscribe=1`, and the page unsubscribes as it opens.
 */
export default function ManageSubscription({ words, paths }: { words: IslandWords; paths: { subscribe: string } }) {
  const messages = islandMessages(words);
  const { t } = messages;
  const [status, setStatus] = useState<Status>('loading');
  const [email, setEmail] = useState('');
  const [choices, setChoices] = useState<Choices>({ topics: [], frequency: 'instant' });
  const [topicsError, setTopicsError] = useState<string | undefined>();
  const mine = () => `/api/subscriptions/mine?token=${encodeURIComponent(tokenOfPage())}`;

  const failed = (error: unknown) =>
    setStatus(error instanceof ApiError && error.status === 404 ? 'invalid' : 'failed');

  async function unsubscribe() {
    setStatus('unsubscribing');
    try {
      await apiRequest(mine(), { method: 'DELETE' });
      setStatus('unsubscribed');
    } catch (error) {
      failed(error);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page opens
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has(UNSUBSCRIBE_PARAMETER)) {
      void unsubscribe();
      return;
    }
    apiRequest<SubscriptionView>(mine()).then((view) => {
      setEmail(view.email);
      setChoices({ topics: view.topics, frequency: view.frequency });
      setStatus('ready');
    }, failed);
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (choices.topics.length === 0) {
      setTopicsError(t('subscribe.topicsMissing'));
      return;
    }
    setStatus('saving');
    try {
      await apiRequest(mine(), { method: 'PUT', json: { ...choices, language: words.language } });
      setStatus('saved');
    } catch (error) {
      failed(error);
    }
  }

  if (status === 'unsubscribed' || status === 'invalid') {
    return (
      <div className={status === 'unsubscribed' ? 'form-card success' : 'form-card'} role="status">
        <p>{t(status === 'unsubscribed' ? 'subscribe.unsubscribed' : 'subscribe.linkInvalid')}</p>
        <a className="button" href={paths.subscribe}>
          {t('subscribe.again')}
        </a>
      </div>
    );
  }
  if (status === 'loading' || status === 'unsubscribing') {
    return (
      <div className="form-card" role="status">
        <p>{t(status === 'loading' ? 'subscribe.loading' : 'subscribe.unsubscribing')}</p>
      </div>
    );
  }
  const busy = status === 'saving';
  return (
    <div className="subscribe-ways">
      <form className="form-card" method="post" noValidate onSubmit={save} aria-labelledby="manage-title">
        <h2 id="manage-title">{t('subscribe.manageFor', { email })}</h2>
        {status === 'failed' && (
          <p className="form-failure" role="alert">
            {t('subscribe.retry')}
          </p>
        )}
        <fieldset className="form-grid" disabled={busy}>
          <legend className="visually-hidden">{t('subscribe.manageTitle')}</legend>
          <SubscriptionChoices
            choices={choices}
            onChange={(next) => {
              setChoices(next);
              if (status === 'saved') setStatus('ready');
              if (next.topics.length > 0) setTopicsError(undefined);
            }}
            topicsError={topicsError}
            messages={messages}
          />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button form-submit" disabled={busy}>
            {busy ? t('subscribe.saving') : t('subscribe.save')}
          </button>
          <button type="button" className="button button-outline" onClick={unsubscribe}>
            {t('subscribe.unsubscribe')}
          </button>
        </div>
        {status === 'saved' && (
          <p className="form-saved" role="status">
            {t('subscribe.saved')}
          </p>
        )}
      </form>
      <NotifyDevice
        topics={choices.topics}
        language={words.language}
        messages={messages}
        onNoTopic={() => setTopicsError(t('subscribe.topicsMissing'))}
        token={tokenOfPage()}
      />
    </div>
  );
}
