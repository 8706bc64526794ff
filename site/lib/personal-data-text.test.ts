import { describe, expect, it } from 'vitest';
import {
  consentText,
  erasedText,
  eraseQuestion,
  foundNothing,
  nextSweepText,
  nothingKept,
  numberOf,
  personQuery,
  shortNotice,
} from './personal-data-text.ts';

const none = { alumni: [], messages: [], subscriptions: [], pendingMails: [] };

describe('personal data texts', () => {
  it('writes the query of a search, the address or number encoded', () => {
    expect(personQuery({ by: 'email', value: ' anita+school@example.org ' })).toBe(
      '?email=anita%2Bschool%40example.org',
    );
    expect(personQuery({ by: 'phone', value: '+91 98860 55443' }, { format: 'csv' })).toBe(
      '?phone=%2B91+98860+55443&format=csv',
    );
  });

  it("says the consent on the school's clock, with the notice's version shortened", () => {
    const consent = { givenAt: '2026-11-25T10:10:00.000Z', notice: 'notice-ab12cd34ef56' };
    expect(consentText(consent, 'Asia/Kolkata', 'message')).toBe(
      'Agreed to the privacy notice on 25 November 2026, 3:40 PM (notice-ab12…)',
    );
    expect(shortNotice('v2')).toBe('v2');
  });

  it('marks a record without consent with how long it is kept', () => {
    expect(consentText(null, 'Asia/Kolkata', 'registration')).toBe(
      'No consent recorded: kept at most 30 days unless approved',
    );
    expect(consentText(null, 'Asia/Kolkata', 'message')).toBe('No consent recorded: kept at most 30 days');
  });

  it('names what an erasure removes before and after', () => {
    const found = { alumni: [{}], messages: [{}, {}], subscriptions: [{}], pendingMails: [] };
    const question = eraseQuestion({ by: 'email', value: 'anita@example.org ' }, found);
    expect(question).toMatch(
      /^Erase everything kept about the e-mail address anita@example\.org: 1 registration, 2 messages, 1 subscription, 0 e-mails not sent\? This cannot be undone\./,
    );
    expect(question).toContain('backup');
    expect(
      erasedText({ request: 'E-0001', erased: { alumni: 1, messages: 2, subscriptions: 0, pendingMails: 0 } }),
    ).toBe('Erased under request E-0001: 1 registration, 2 messages, 0 subscriptions, 0 e-mails not sent.');
    expect(foundNothing(found)).toBe(false);
    expect(foundNothing(none)).toBe(true);
    expect(nothingKept('email')).toBe('Nothing is kept about this e-mail address.');
    expect(nothingKept('phone')).toBe('Nothing is kept about this phone number.');
  });

  it('says what the next retention check removes', () => {
    const at = '2026-11-25T10:10:00.000Z';
    expect(nextSweepText({ at, messages: 3, alumni: 0 })).toBe(
      'The next check (within a minute) removes 3 messages and 0 registrations.',
    );
    expect(nextSweepText({ at, messages: 1, alumni: 1 })).toBe(
      'The next check (within a minute) removes 1 message and 1 registration.',
    );
    expect(nextSweepText({ at, messages: 0, alumni: 0 })).toBe('The next check (within a minute) removes nothing.');
  });

  it('reads a number field, refusing an empty one', () => {
    expect(numberOf('12')).toBe(12);
    expect(numberOf(' ')).toBeNaN();
    expect(numberOf('1.5')).toBe(1.5);
  });
});
