import { useState } from 'react';
import type { IslandWords } from '../../i18n/catalogue.ts';
import { islandMessages } from '../../i18n/catalogue.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { useHydrated } from '../forms/hydration.ts';
import { tokenOfPage } from './SubscriptionChoices.tsx';
import '../forms.css';

type Status = 'asking' | 'confirming' | 'confirmed' | 'invalid' | 'failed';

/**
 * /subscribe/confirm?token=…, the confirmation e-mail's link: a button confirms (a link opened by
 * a mail scanner confirms nothing), then the page says what comes next.
 */
export default function ConfirmSubscription({
  words,
  paths,
}: {
  words: IslandWords;
  /** The subscribe and manage pages in the page's language. */
  paths: { subscribe: string; manage: string };
}) {
  const { t } = islandMessages(words);
  const [status, setStatus] = useState<Status>('asking');
  const hydrated = useHydrated();

  async function confirm() {
    setStatus('confirming');
    try {
      await apiRequest('/api/subscriptions/confirm', { method: 'POST', json: { token: tokenOfPage() } });
      setStatus('confirmed');
    } catch (error) {
      setStatus(error instanceof ApiError && error.status === 404 ? 'invalid' : 'failed');
    }
  }

  if (status === 'confirmed') {
    return (
      <div className="form-card success" role="status">
        <h2 tabIndex={-1} ref={(heading) => heading?.focus()}>
          {t('subscribe.confirmed')}
        </h2>
        <p>{t('subscribe.confirmedText')}</p>
        <a className="button" href={`${paths.manage}?token=${encodeURIComponent(tokenOfPage())}`}>
          {t('subscriptionMail.manage')}
        </a>
      </div>
    );
  }
  if (status === 'invalid') {
    return (
      <div className="form-card" role="alert">
        <p>{t('subscribe.linkInvalid')}</p>
        <a className="button" href={paths.subscribe}>
          {t('subscribe.again')}
        </a>
      </div>
    );
  }
  return (
    <div className="form-card">
      <h2>{t('subscribe.confirmTitle')}</h2>
      <p>{t('subscribe.confirmText')}</p>
      {status === 'failed' && (
        <p className="form-failure" role="alert">
          {t('subscribe.retry')}
        </p>
      )}
      <button type="button" className="button" disabled={!hydrated || status === 'confirming'} onClick={confirm}>
        {status === 'confirming' ? t('subscribe.confirming') : t('subscribe.confirm')}
      </button>
    </div>
  );
}
