import {
  FREQUENCIES,
  type Frequency,
  SUBSCRIPTION_TOPICS,
  type SubscriptionTopic,
} from '../../contract/subscription-form.ts';
import type { MessageKey, Messages } from '../../i18n/catalogue.ts';

export interface Choices {
  topics: SubscriptionTopic[];
  frequency: Frequency;
}

const TOPIC_LABELS: Record<SubscriptionTopic, MessageKey> = {
  alerts: 'subscribe.topicAlerts',
  news: 'subscribe.topicNews',
  events: 'subscribe.topicEvents',
  circulars: 'subscribe.topicCirculars',
};

const FREQUENCY_LABELS: Record<Frequency, MessageKey> = {
  instant: 'subscribe.instant',
  daily: 'subscribe.daily',
  weekly: 'subscribe.weekly',
};

/**
 * What a subscription receives: the topics (alerts always at once) and how often the others come.
 * The same fields subscribe on /subscribe and change a subscription on its own page.
 */
export function SubscriptionChoices({
  choices,
  onChange,
  topicsError,
  messages: { t },
}: {
  choices: Choices;
  onChange: (choices: Choices) => void;
  topicsError?: string | undefined;
  messages: Messages;
}) {
  const toggle = (topic: SubscriptionTopic, on: boolean) =>
    onChange({
      ...choices,
      topics: SUBSCRIPTION_TOPICS.filter((each) => (each === topic ? on : choices.topics.includes(each))),
    });
  return (
    <>
      <fieldset
        className="field field-wide"
        aria-invalid={Boolean(topicsError)}
        aria-describedby={topicsError ? 'field-topics-error' : undefined}
      >
        <legend>{t('subscribe.topics')}</legend>
        <div className="choices choices-column">
          {SUBSCRIPTION_TOPICS.map((topic) => (
            <label key={topic} className="choice">
              <input
                type="checkbox"
                name="topics"
                value={topic}
                checked={choices.topics.includes(topic)}
                onChange={(event) => toggle(topic, event.target.checked)}
                aria-describedby={topic === 'alerts' ? 'topic-alerts-hint' : undefined}
              />
              <span>
                {t(TOPIC_LABELS[topic])}
                {topic === 'alerts' && (
                  <span className="field-hint choice-hint" id="topic-alerts-hint">
                    {t('subscribe.topicAlertsHint')}
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
        {topicsError && (
          <p className="field-error" id="field-topics-error">
            {topicsError}
          </p>
        )}
      </fieldset>
      <fieldset className="field field-wide">
        <legend>{t('subscribe.frequency')}</legend>
        <div className="choices choices-column">
          {FREQUENCIES.map((frequency) => (
            <label key={frequency} className="choice">
              <input
                type="radio"
                name="frequency"
                value={frequency}
                checked={choices.frequency === frequency}
                onChange={() => onChange({ ...choices, frequency })}
              />
              {t(FREQUENCY_LABELS[frequency])}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The subscription's token, from the address of its link (`?token=…`). */
export const tokenOfPage = () => new URLSearchParams(window.location.search).get('token') ?? '';
