/**
 * What the dashboard says about personal data: the consent kept with a record, a person's search
 * and its erasure, and what the next retention check removes. Pure, so the texts are tested here.
 */
import {
  type Consent,
  type Erased,
  NO_CONSENT_DAYS,
  type PersonalDataFound,
  type RetentionAnswer,
} from '../contract/personal-data.ts';
import { UNCONFIRMED_DAYS } from '../contract/subscription-form.ts';
import { countLabel, formatMoment } from './display-format.ts';

/** How a person is searched for: by the e-mail address or the phone number they gave. */
export type PersonBy = 'email' | 'phone';

/** One search: what the person is found by, and the address or number typed. */
export interface PersonSearch {
  by: PersonBy;
  value: string;
}

export const PERSON_BY_NAMES: Readonly<Record<PersonBy, string>> = {
  email: 'e-mail address',
  phone: 'phone number',
};

/** `?email=anita%40example.org`, then `&format=csv` when `extra` has one: the query of the personal-data calls. */
export function personQuery({ by, value }: PersonSearch, extra: Record<string, string> = {}): string {
  return `?${new URLSearchParams({ [by]: value.trim(), ...extra })}`;
}

/** `notice-ab12cd34ef56` → `notice-ab12…`: enough to tell versions of the privacy notice apart. */
export function shortNotice(notice: string): string {
  const match = /^(notice-[0-9a-f]{4})[0-9a-f]+$/i.exec(notice);
  return match ? `${match[1]}…` : notice;
}

/** What a record was kept under: a registration (kept if approved), a contact message or a subscription. */
export type ConsentOf = 'registration' | 'message' | 'subscription';

/** "Agreed to the privacy notice on 25 November 2026, 3:40 PM (notice-ab12…)", or why the record has none and what that means. */
export function consentText(consent: Consent, timeZone: string, of: ConsentOf): string {
  if (consent)
    return `Agreed to the privacy notice on ${formatMoment(consent.givenAt, timeZone)} (${shortNotice(consent.notice)})`;
  if (of === 'subscription')
    return `Not confirmed: deleted ${countLabel(UNCONFIRMED_DAYS, 'day')} after it was asked for`;
  const kept = `kept at most ${countLabel(NO_CONSENT_DAYS, 'day')}`;
  return `No consent recorded: ${of === 'registration' ? `${kept} unless approved` : kept}`;
}

/** "1 registration, 2 messages, 1 subscription, 0 e-mails not sent" */
export function recordCounts({ alumni, messages, subscriptions, pendingMails }: Erased['erased']): string {
  return [
    countLabel(alumni, 'registration'),
    countLabel(messages, 'message'),
    countLabel(subscriptions, 'subscription'),
    `${countLabel(pendingMails, 'e-mail')} not sent`,
  ].join(', ');
}

export const foundCounts = (found: PersonalDataFound): Erased['erased'] => ({
  alumni: found.alumni.length,
  messages: found.messages.length,
  subscriptions: found.subscriptions.length,
  pendingMails: found.pendingMails.length,
});

export const foundNothing = (found: PersonalDataFound) =>
  Object.values(foundCounts(found)).every((count) => count === 0);

/** "Nothing is kept about this e-mail address." */
export const nothingKept = (by: PersonBy) => `Nothing is kept about this ${PERSON_BY_NAMES[by]}.`;

/** The question asked before an erasure: what goes, and that nothing brings it back. */
export function eraseQuestion(search: PersonSearch, found: PersonalDataFound): string {
  return (
    `Erase everything kept about the ${PERSON_BY_NAMES[search.by]} ${search.value.trim()}: ` +
    `${recordCounts(foundCounts(found))}? ` +
    'This cannot be undone. Backups made before keep a copy until they are deleted; ' +
    'a backup put back is erased again when the server starts.'
  );
}

/** "Erased under request E-0001: 1 registration, 2 messages, 0 e-mails not sent." */
export const erasedText = ({ request, erased }: Erased) => `Erased under request ${request}: ${recordCounts(erased)}.`;

/** "The next check (within a minute) removes 3 messages and 0 registrations." */
export function nextSweepText({ messages, alumni }: RetentionAnswer['nextSweep']): string {
  const removes =
    messages + alumni === 0
      ? 'nothing'
      : `${countLabel(messages, 'message')} and ${countLabel(alumni, 'registration')}`;
  return `The next check (within a minute) removes ${removes}.`;
}

/** A number field's text as the number RetentionSettings checks: empty or not a number is NaN (refused). */
export const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
