/** Values for the fuzzing: text as anyone types it, dates, and every kind of wrong value and id. */
import fc from 'fast-check';
import { LEADERSHIP_ROLES } from '../../../site/contract/content.ts';
import { dateInZone, timeInZone } from '../../../site/contract/dates.ts';
import { PAGE_SLUGS } from '../../../site/contract/pages.ts';
import type { Kind } from './routes.ts';

const WHITESPACE = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0', '\u2003');
/** Text as people (and attackers) type it: any script, markup, emoji, control characters. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '{{constructor.constructor("alert(1)")()}}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, sent as text
    '${process.exit()}',
    "'; DROP TABLE events; --",
    '\u202eevil\u202c',
    'a\u0000b',
    '\ud800 lone surrogate',
    '../../etc/passwd',
    '__proto__',
  ),
);
/**
 * Text for a field of at most `max` characters, spaces around it included (the length is checked
 * before trimming, as the API's document says); the server stores it trimmed.
 */
export const textUpTo = (max: number) =>
  fc
    .tuple(
      WHITESPACE,
      fc.oneof({ weight: 5, arbitrary: anyText }, fc.constant('x'.repeat(max)), fc.constant('x'.repeat(max - 1))),
      WHITESPACE,
    )
    .map(([before, value, after]) => `${before}${value}${after}`)
    .filter((value) => value.trim().length >= 1 && value.length <= max);

const day = fc.date({
  min: new Date('1901-01-01T00:00:00Z'),
  max: new Date('2099-12-31T00:00:00Z'),
  noInvalidDate: true,
});
/**
 * A date as `YYYY-MM-DD` or as a full ISO date-time, with the calendar day the school stores: for
 * a date-time, the day it falls on in the school's time zone (the settings', which writes change).
 */
export const dateInput = fc.oneof(
  day.map((date) => {
    const sent = date.toISOString().slice(0, 10);
    return { sent, stored: (_timeZone: string) => sent };
  }),
  day.map((date) => ({ sent: date.toISOString(), stored: (timeZone: string) => dateInZone(date, timeZone) })),
);
/** Minutes after midnight as `HH:MM`. */
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * A time to go live as a client sends it: the school's wall-clock `YYYY-MM-DDTHH:MM` (seconds
 * allowed, and dropped), or an instant with `Z` or an offset; with the wall-clock time the school
 * stores for it, read in its time zone.
 */
export const publishAtInput = fc.oneof(
  fc.tuple(day, fc.integer({ min: 0, max: 1439 })).map(([date, minute]) => {
    const sent = `${date.toISOString().slice(0, 10)}T${clock(minute)}`;
    return { sent, stored: (_timeZone: string) => sent };
  }),
  fc.tuple(day, fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 59 })).map(([date, minute, second]) => {
    const local = `${date.toISOString().slice(0, 10)}T${clock(minute)}`;
    return { sent: `${local}:${String(second).padStart(2, '0')}`, stored: (_timeZone: string) => local };
  }),
  fc
    .tuple(day, fc.integer({ min: 0, max: 86_399 }), fc.constantFrom('Z', '+05:30', '-08:00', '+14:00'))
    .map(([date, second, zone]) => {
      const instant = new Date(date.getTime() + second * 1000);
      const hours = zone === 'Z' ? 0 : Number(zone.slice(0, 3));
      const offsetMinutes = hours * 60 + Math.sign(hours) * (zone === 'Z' ? 0 : Number(zone.slice(4)));
      const wallClock = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
      return {
        sent: `${wallClock}${zone}`,
        stored: (timeZone: string) => `${dateInZone(instant, timeZone)}T${timeInZone(instant, timeZone)}`,
      };
    }),
);
export const timeInput = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

/** Values of the wrong type (or form) for each kind of field. */
const NOT_TEXT = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);
const NOT_A_DATE = fc.constantFrom(
  'tomorrow',
  '2024-13-01',
  '2024-02-30',
  '01/02/2024',
  '2024-1-1',
  '20240101',
  ' ',
  '2024-01-01T25:00:00Z',
);
const NOT_AN_IMAGE_ID = fc.constantFrom(
  '../../data/admins.json',
  `${'0'.repeat(32)}.svg`,
  `${'A'.repeat(32)}.png`,
  'x.png',
  '',
  '%2e%2e%2fcontent.json',
);
export const wrongValue: Record<Kind, fc.Arbitrary<unknown>> = {
  text: NOT_TEXT,
  list: fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
    fc.constant([{ _id: '../x' }]),
  ),
  date: fc.oneof(NOT_TEXT, NOT_A_DATE, fc.constant('')),
  optionalDate: fc.oneof(NOT_TEXT, NOT_A_DATE, fc.constant('')),
  nullableDate: fc.oneof(
    NOT_TEXT.filter((value) => value !== null),
    NOT_A_DATE,
  ),
  time: fc.oneof(NOT_TEXT, fc.constantFrom('25:00', '9:30', '12:60', 'noon', '12:30:00')),
  imageRef: fc.oneof(NOT_TEXT, fc.record({ imageId: NOT_AN_IMAGE_ID })),
  optionalImageRef: fc.oneof(
    NOT_TEXT.filter((value) => value !== null),
    fc.record({ imageId: NOT_AN_IMAGE_ID }),
  ),
  imageId: fc.oneof(NOT_TEXT, NOT_AN_IMAGE_ID),
  priority: fc.oneof(NOT_TEXT, fc.constantFrom('High', 'urgent', '', 'medium ')),
  boolean: fc.oneof(fc.constantFrom('true', 'false', 1, 0, null, [], {}), fc.string()),
  email: fc.oneof(NOT_TEXT, fc.constantFrom('not-an-email', 'a@', '@example.org', 'a b@example.org', '')),
  mobile: fc.oneof(NOT_TEXT, fc.constantFrom('call me', '12', 'abcdefghij', '+91 98765 43210 ext. 55', '')),
  gender: fc.oneof(NOT_TEXT, fc.constantFrom('other', 'Male', '', 'female ')),
  code: fc.oneof(
    NOT_TEXT,
    fc.integer({ min: 0, max: 999_999 }),
    fc.constantFrom('12345', '1234567', 'abcdef', '', '12-34-56', '１２３４５６', '123456\u0000', '0x1234'),
  ),
  object: NOT_TEXT,
  socialLinks: fc.oneof(
    NOT_TEXT.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
    fc.record({
      facebook: fc.constantFrom('javascript:alert(1)', 'facebook.com/school', 'https://', 'ftp://x.example', 7),
    }),
  ),
  timeZone: fc.oneof(
    NOT_TEXT,
    fc.constantFrom('Mars/Olympus', '+05:30', '', 'UTC+5', 'Asia/Kolkata; rm -rf /', '../../etc/localtime', 'asia'),
  ),
  optionalDocumentRef: fc.oneof(
    NOT_TEXT.filter((value) => value !== null),
    fc.record({ documentId: fc.constantFrom('../../data/admins.json', `${'0'.repeat(32)}.png`, 'x.pdf', '') }),
  ),
  subject: fc.oneof(NOT_TEXT, fc.constantFrom('Admission', 'fees', '', 'other ')),
  status: fc.oneof(NOT_TEXT, fc.constantFrom('Published', 'live', 'scheduled', '', 'draft ', 'approved')),
  // null is a valid time to go live (none): every other value that is not one is refused.
  publishAt: fc.oneof(
    NOT_TEXT.filter((value) => value !== null),
    fc.constantFrom(
      'tomorrow 08:00',
      '2031-02-30T08:00',
      '2031-01-01T24:00',
      '2031-01-01T08:60',
      '2031-01-01',
      '2031-01-01T8:00',
      '08:00',
      '2031-01-01T08:00+5:30',
      '2031-01-01 08:00',
      '',
    ),
  ),
  alertLevel: fc.oneof(NOT_TEXT, fc.constantFrom('Emergency', 'urgent', '', 'info ', 'high')),
  alertPlace: fc.oneof(NOT_TEXT, fc.constantFrom('every page', 'Home', '', 'all ', '/')),
  // Without an offset, not a date, or not a time: null only where a start may be left out (now).
  instant: fc.oneof(
    NOT_TEXT.filter((value) => value !== null),
    NOT_A_DATE,
    fc.constantFrom('2031-01-01T08:00', '2031-01-01', '2031-02-30T08:00:00Z', 'now'),
  ),
  role: fc.oneof(NOT_TEXT, fc.constantFrom('Administrator', 'admin', 'owner', 'root', '', 'editor ', 'ADMINISTRATOR')),
  phone: fc.oneof(NOT_TEXT, fc.constantFrom('call me', '12', 'abcdefghij', '+91 98765 43210 ext. 55')),
  // Wrong for every period (months 1-120, days 7-3650 or 1-3650): no whole number from 1 to 3650.
  period: fc.oneof(
    NOT_TEXT.filter((value) => !(Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 3650)),
    fc.constantFrom('12', '', '90 days', 0, -1, 1.5, 3651, 1e9, [12], { months: 12 }),
  ),
};

/**
 * Queries that name no one person: none, both, empty, a phone number of fewer than 7 digits, an
 * address or a number too long, another parameter.
 */
export const badPersonQuery = fc.oneof(
  fc.constantFrom(
    '',
    '?',
    '?email=',
    '?phone=',
    '?email=%20%20',
    '?phone=%20',
    '?phone=123456',
    '?phone=12-34-56',
    '?phone=call%20me',
    '?email=asha%40example.org&phone=9845012345',
    '?name=Asha',
    '?Email=asha%40example.org',
    `?email=${'a'.repeat(250)}%40example.org`,
    `?phone=${'1'.repeat(31)}`,
  ),
  fc
    .string({ maxLength: 8 })
    .filter((text) => text.replace(/\D/g, '').length < 7)
    .map((text) => `?phone=${encodeURIComponent(text)}`),
);

/** Phone numbers as people type them (or none). */
export const phoneInput = fc.constantFrom('', '+91 98450 12345', '080-4127-9935', '(080) 4000 1234');

/** Ids that cannot name an item: traversals (plain, encoded, doubly encoded), other forms, unknown ids. */
const TRAVERSALS = [
  '../',
  '..%2f',
  '%2e%2e%2f',
  '%2e%2e/',
  '..%5c',
  '%2e%2e%5c',
  '....//',
  '..;/',
  '%252e%252e%252f',
  '%c0%ae%c0%ae/',
  '..%00/',
  '%00',
];
const TARGETS = ['admins.json', 'data/alumni.json', '..%2f..%2fetc%2fpasswd', 'content.json%00.png', ''];
export const badItemId = fc.oneof(
  fc
    .tuple(fc.constantFrom(...TRAVERSALS), fc.integer({ min: 1, max: 4 }), fc.constantFrom(...TARGETS))
    .map(([step, times, target]) => step.repeat(times) + target),
  fc.uuid().map((id) => id),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}%2f..`),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'null',
    'undefined',
    '0',
    '-1',
    '%20',
    'not-an-id',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);
export const badRole = fc
  .oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'President',
      'PRESIDENT',
      'president%20',
      '%20president',
      'president%00',
      'honorarypresident',
      'presidentImage',
      'presidentMessage',
      '..%2fpresident',
      'president%2f..%2fsecretary',
      'principal',
      '%2e%2e%2fsecretary',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  )
  .filter((role) => !(LEADERSHIP_ROLES as readonly string[]).includes(role));

export const badSlug = fc
  .oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'Privacy',
      'privacy%20',
      'privacy%00',
      '..%2fprivacy',
      'contact',
      'sitemap',
      'about',
      '%2e%2e%2fcontent.json',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  )
  .filter((slug) => !(PAGE_SLUGS as readonly string[]).includes(slug));

/** Keys that must have no effect, with values meant to do harm if they had one. */
export const junk = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        '_id',
        'isApproved',
        'registrationDate',
        'receivedAt',
        'read',
        'passwordHash',
        'then',
        'toString',
      ),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(
      // biome-ignore lint/suspicious/noThenProperty: a hostile body that looks like a promise
      fc.constant({ polluted: true, isAdmin: true, then: 'x', toString: 'x' }),
      fc.constant({ prototype: { polluted: true } }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  ),
  { maxLength: 3 },
);

/** Names no administrator can be removed by: unknown ones (404), and the caller's own (409). */
export const badUsername = fc.oneof(badItemId, fc.constantFrom('admin', 'ADMIN', 'Admin', '%20admin', 'admin%00'));
