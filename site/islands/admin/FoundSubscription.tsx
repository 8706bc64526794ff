import type { Subscription } from '../../contract/subscriptions.ts';
import { formatMoment } from '../../lib/display-format.ts';
import { ConsentNote } from './ConsentNote.tsx';
import { Details } from './Details.tsx';
import { useSchoolTimeZone } from './time-zone.ts';

/** One e-mail subscription, as a person's search and the Subscribers view show it. */
export function FoundSubscription({ subscription }: { subscription: Subscription }) {
  const timeZone = useSchoolTimeZone();
  return (
    <li className="item" aria-label={`Subscription: ${subscription.email}`}>
      <div className="alumnus-head">
        <h5 className="item-title">{subscription.email}</h5>
        <span className={`badge ${subscription.confirmedAt ? 'badge-approved' : 'badge-pending'}`}>
          {subscription.suspendedAt ? 'SUSPENDED' : subscription.confirmedAt ? 'CONFIRMED' : 'NOT CONFIRMED'}
        </span>
      </div>
      <Details
        rows={[
          ['Topics', subscription.topics.join(', ')],
          ['How often', subscription.frequency],
          ['Language', subscription.language],
          ['Subscribed', formatMoment(subscription.createdAt, timeZone)],
          ['Bounces', String(subscription.bounces)],
        ]}
      />
      <ConsentNote consent={subscription.consent} of="subscription" />
    </li>
  );
}
