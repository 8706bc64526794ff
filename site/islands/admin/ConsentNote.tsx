import type { Consent } from '../../contract/personal-data.ts';
import { type ConsentOf, consentText } from '../../lib/personal-data-text.ts';
import { useSchoolTimeZone } from './time-zone.ts';

/**
 * The consent kept with a registration or a message: when the person agreed to the privacy
 * notice and to which version of it, or a visible mark that none was recorded (such a record is
 * kept 30 days at most).
 */
export function ConsentNote({ consent, of }: { consent: Consent; of: ConsentOf }) {
  const timeZone = useSchoolTimeZone();
  return (
    <p className={`consent ${consent ? 'consent-given' : 'consent-missing'}`}>{consentText(consent, timeZone, of)}</p>
  );
}
