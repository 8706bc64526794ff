import { useEffect, useState } from 'react';
import type { SubscriptionTopic } from '../../contract/subscription-form.ts';
import type { Messages } from '../../i18n/catalogue.ts';
import { apiRequest } from '../../lib/api-client.ts';

type State = 'idle' | 'asking' | 'on' | 'denied' | 'unsupported' | 'iphone' | 'failed';

/** Whether this browser can be sent notifications; on an iPhone, only the site added to the home screen can. */
function support(): State {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'idle';
  return /iPhone|iPad|iPod/.test(navigator.userAgent) ? 'iphone' : 'unsupported';
}

/**
 * "Notify me on this device": asks the browser's permission only after the tap, subscribes it with
 * the server's VAPID key (GET /api/push/key) and sends the subscription with the topics chosen
 * (POST /api/push-subscriptions). Says why when it cannot: no support, an iPhone not yet added to
 * the home screen, permission refused.
 */
export function NotifyDevice({
  topics,
  language,
  messages: { t },
  onNoTopic,
  token,
}: {
  topics: readonly SubscriptionTopic[];
  language: string;
  messages: Messages;
  /** On a subscription's own page: its token, so the device is that subscription's. */
  token?: string | undefined;
  /** Told when no topic is chosen: the form shows why. */
  onNoTopic: () => void;
}) {
  const [state, setState] = useState<State>('idle');
  useEffect(() => setState(support()), []);

  async function notify() {
    if (topics.length === 0) return onNoTopic();
    setState('asking');
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      await navigator.serviceWorker.register('/sw.js');
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await apiRequest<{ publicKey: string }>('/api/push/key');
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      await apiRequest('/api/push-subscriptions', {
        method: 'POST',
        json: { ...subscription.toJSON(), topics, language, ...(token && { token }) },
      });
      setState('on');
    } catch {
      setState('failed');
    }
  }

  const said: Partial<Record<State, string>> = {
    on: t('subscribe.notifyOn'),
    denied: t('subscribe.notifyDenied'),
    unsupported: t('subscribe.notifyUnsupported'),
    iphone: t('subscribe.notifyIphone'),
    failed: t('subscribe.notifyFailed'),
  };
  return (
    <section className="form-card notify-device" aria-labelledby="notify-device-title">
      <h2 id="notify-device-title">{t('subscribe.deviceTitle')}</h2>
      <p>{t('subscribe.deviceText')}</p>
      {state !== 'on' && state !== 'unsupported' && (
        <button type="button" className="button button-outline" onClick={notify} disabled={state === 'asking'}>
          {state === 'asking' ? t('subscribe.notifying') : t('subscribe.notify')}
        </button>
      )}
      {said[state] && (
        <p className={state === 'on' ? 'form-saved' : 'form-note'} role="status">
          {said[state]}
        </p>
      )}
    </section>
  );
}
