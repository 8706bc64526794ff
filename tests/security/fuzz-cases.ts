/**
 * The cases the fuzzing sends to every write of the API, as fast-check arbitraries. A case is
 * generated as plain data (so a failure prints readably and shrinks) and turned into a request
 * against the stored state of the moment by `plan`: ids are picked among the items that exist.
 *
 * Three kinds: attacks, built to be invalid (each must be refused with a 4xx and change nothing);
 * writes meant to succeed, some with `__proto__`/`constructor`/unknown keys (each must change
 * exactly what it says); and damaged images (anything but a 5xx, nothing stored changes).
 */
import fc from 'fast-check';
import type { Alumni } from '../../site/lib/alumni-schema.ts';
import { LEADERSHIP_ROLES, type ImageRef, type SiteContent } from '../../site/lib/content-schema.ts';
import { dateInZone } from '../../site/lib/dates.ts';
import { school } from '../../site/school.ts';
import type { RawRequest } from './support.ts';

export interface Stored {
  content: SiteContent;
  alumni: Alumni[];
}

export interface Context extends Stored {
  token: string;
  /** An uploaded image that the first logo keeps in use for the whole run. */
  image: ImageRef;
  /** The password of the administrator the token belongs to. */
  password: string;
  /** Kept from case to case: registrations sent so far (a connection may send 30 an hour). */
  counters: { registrations: number };
}

export type Expectation =
  | { kind: 'refused' }
  | { kind: 'written'; effect: (before: Stored, after: Stored) => Stored }
  | { kind: 'anything but a server error' };

export interface Planned {
  label: string;
  request: RawRequest;
  expect: Expectation;
}

// ——— Routes that take a JSON body, their fields, and a body each would accept ———

type Kind = 'text' | 'date' | 'optionalDate' | 'nullableDate' | 'time' | 'imageRef' | 'optionalImageRef' | 'imageId'
  | 'priority' | 'boolean' | 'email' | 'mobile' | 'gender' | 'list';
interface Field {
  kind: Kind;
  max?: number;
}

interface BodyRoute {
  method: 'POST' | 'PUT';
  path: (context: Context) => string;
  fields: Record<string, Field>;
  /** A body the call accepts: the attacks break it. */
  body: (context: Context) => Record<string, unknown>;
  /** The fields of that body that may not be left out (all of them unless said). */
  required?: string[];
}

const text = (max?: number): Field => ({ kind: 'text', max });
const EVENT_FIELDS: Record<string, Field> = {
  title: text(200),
  description: text(5000),
  date: { kind: 'date' },
  time: { kind: 'time' },
  location: text(200),
  image: { kind: 'optionalImageRef' },
};
const NEWS_FIELDS: Record<string, Field> = {
  title: text(200),
  description: text(5000),
  publishDate: { kind: 'optionalDate' },
  expiryDate: { kind: 'nullableDate' },
  priority: { kind: 'priority' },
  image: { kind: 'optionalImageRef' },
};
const PHOTO_FIELDS: Record<string, Field> = { imageId: { kind: 'imageId' }, originalName: text(255), caption: text(200) };
const IMAGE_FIELDS: Record<string, Field> = { imageId: { kind: 'imageId' }, originalName: text(255) };
const ALUMNI_FIELDS: Record<string, Field> = {
  fullName: text(120),
  gender: { kind: 'gender' },
  mobile: { kind: 'mobile' },
  email: { kind: 'email' },
  address: text(500),
  periodOfStudy: text(50),
  qualification: text(200),
  occupation: text(200),
  companyName: text(200),
  companyAddress: text(500),
  message: text(2000),
};
const CONTENT_FIELDS: Record<string, Field> = Object.fromEntries([
  ...['logos', 'homegallery', 'gallery', 'events', 'news'].map((list) => [list, { kind: 'list' }]),
  ...LEADERSHIP_ROLES.flatMap((role) => [
    [`${role}Message`, text(10_000)],
    [`${role}Image`, { kind: 'optionalImageRef' }],
  ]),
]);

export const ALUMNUS = {
  fullName: 'Fuzz Alumnus',
  gender: 'female',
  mobile: '+91 98000 12345',
  email: 'fuzz@example.org',
  address: '1 Test Road',
  periodOfStudy: '2000-2012',
  qualification: 'BA',
  occupation: 'Teacher',
};

const anyId = (list: readonly { _id: string }[]) => list[0]?._id ?? crypto.randomUUID();
const event = { title: 'Fuzz event', description: 'Sent by the fuzzer', date: '2031-05-05' };
const news = { title: 'Fuzz news', description: 'Sent by the fuzzer' };

const BODY_ROUTES: Record<string, BodyRoute> = {
  'PUT /api/content': { method: 'PUT', path: () => '/api/content', fields: CONTENT_FIELDS, body: (c) => ({ ...c.content }) },
  'POST /api/logos': {
    method: 'POST',
    path: () => '/api/logos',
    fields: IMAGE_FIELDS,
    body: (c) => ({ ...c.image }),
    required: ['imageId'],
  },
  'PUT /api/person-image/:role': {
    method: 'PUT',
    path: () => '/api/person-image/president',
    fields: IMAGE_FIELDS,
    body: (c) => ({ ...c.image }),
    required: ['imageId'],
  },
  'POST /api/events': { method: 'POST', path: () => '/api/events', fields: EVENT_FIELDS, body: () => event },
  'PUT /api/events/:id': {
    method: 'PUT',
    path: (c) => `/api/events/${anyId(c.content.events)}`,
    fields: EVENT_FIELDS,
    body: () => event,
  },
  'POST /api/news': { method: 'POST', path: () => '/api/news', fields: NEWS_FIELDS, body: () => news },
  'PUT /api/news/:id': {
    method: 'PUT',
    path: (c) => `/api/news/${anyId(c.content.news)}`,
    fields: NEWS_FIELDS,
    body: () => news,
  },
  'POST /api/homegallery': {
    method: 'POST',
    path: () => '/api/homegallery',
    fields: PHOTO_FIELDS,
    body: (c) => ({ ...c.image, caption: 'Gate' }),
    required: ['imageId', 'caption'],
  },
  'POST /api/gallery': {
    method: 'POST',
    path: () => '/api/gallery',
    fields: PHOTO_FIELDS,
    body: (c) => ({ ...c.image, caption: 'Hall' }),
    required: ['imageId', 'caption'],
  },
  'POST /api/alumni': { method: 'POST', path: () => '/api/alumni', fields: ALUMNI_FIELDS, body: () => ALUMNUS },
  'PUT /api/alumni/:id/approve': {
    method: 'PUT',
    path: (c) => `/api/alumni/${anyId(c.alumni)}/approve`,
    fields: { isApproved: { kind: 'boolean' } },
    body: () => ({ isApproved: true }),
  },
  'POST /api/admin/create': {
    method: 'POST',
    path: () => '/api/admin/create',
    fields: { username: text(100), password: text(200) },
    body: () => ({ username: 'newcomer', password: 'newcomer-pass' }),
  },
  'POST /api/admin/login': {
    method: 'POST',
    path: () => '/api/admin/login',
    fields: { username: text(100), password: text(200) },
    body: (c) => ({ username: 'admin', password: c.password }),
  },
  'PUT /api/admin/password': {
    method: 'PUT',
    path: () => '/api/admin/password',
    fields: { currentPassword: text(), newPassword: text(200) },
    body: (c) => ({ currentPassword: c.password, newPassword: 'never-set-by-the-fuzzer' }),
  },
};
const BODY_ROUTE_NAMES = Object.keys(BODY_ROUTES);

/** Calls with an `{id}` (or `{role}`) in their path, as functions of it. */
const ID_ROUTES: Record<string, { method: string; path: (id: string) => string; body?: (c: Context) => unknown }> = {
  'DELETE /api/logos/:id': { method: 'DELETE', path: (id) => `/api/logos/${id}` },
  'PUT /api/events/:id': { method: 'PUT', path: (id) => `/api/events/${id}`, body: () => event },
  'DELETE /api/events/:id': { method: 'DELETE', path: (id) => `/api/events/${id}` },
  'DELETE /api/events/:id/image': { method: 'DELETE', path: (id) => `/api/events/${id}/image` },
  'PUT /api/news/:id': { method: 'PUT', path: (id) => `/api/news/${id}`, body: () => event },
  'DELETE /api/news/:id': { method: 'DELETE', path: (id) => `/api/news/${id}` },
  'DELETE /api/news/:id/image': { method: 'DELETE', path: (id) => `/api/news/${id}/image` },
  'DELETE /api/homegallery/:id': { method: 'DELETE', path: (id) => `/api/homegallery/${id}` },
  'DELETE /api/gallery/:id': { method: 'DELETE', path: (id) => `/api/gallery/${id}` },
  'PUT /api/alumni/:id/approve': { method: 'PUT', path: (id) => `/api/alumni/${id}/approve`, body: () => ({ isApproved: true }) },
  'DELETE /api/alumni/:id': { method: 'DELETE', path: (id) => `/api/alumni/${id}` },
  'PUT /api/person-image/:role': { method: 'PUT', path: (role) => `/api/person-image/${role}`, body: (c) => c.image },
  'DELETE /api/person-image/:role': { method: 'DELETE', path: (role) => `/api/person-image/${role}` },
};
const ITEM_ID_ROUTES = Object.keys(ID_ROUTES).filter((name) => name.includes(':id'));
const ROLE_ROUTES = Object.keys(ID_ROUTES).filter((name) => name.includes(':role'));

// ——— Values ———

const WHITESPACE = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0', '\u2003');
/** Text as people (and attackers) type it: any script, markup, emoji, control characters. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '{{constructor.constructor("alert(1)")()}}',
    '${process.exit()}',
    "'; DROP TABLE events; --",
    '\u202eevil\u202c',
    'a\u0000b',
    '\ud800 lone surrogate',
    '../../etc/passwd',
    '__proto__',
  ),
);
/** Text for a field of at most `max` characters; the server stores it trimmed. */
const textUpTo = (max: number) =>
  fc
    .tuple(WHITESPACE, fc.oneof({ weight: 5, arbitrary: anyText }, fc.constant('x'.repeat(max))), WHITESPACE)
    .map(([before, value, after]) => `${before}${value}${after}`)
    .filter((value) => value.trim().length >= 1 && value.trim().length <= max);

const day = fc.date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
/** A date as `YYYY-MM-DD` or as a full ISO date-time, with the calendar day the school stores. */
const dateInput = fc.oneof(
  day.map((date) => ({ sent: date.toISOString().slice(0, 10), stored: date.toISOString().slice(0, 10) })),
  day.map((date) => ({ sent: date.toISOString(), stored: dateInZone(date, school.timeZone) })),
);
const timeInput = fc
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
const NOT_A_DATE = fc.constantFrom('tomorrow', '2024-13-01', '2024-02-30', '01/02/2024', '2024-1-1', '20240101', ' ', '2024-01-01T25:00:00Z');
const NOT_AN_IMAGE_ID = fc.constantFrom('../../data/admins.json', `${'0'.repeat(32)}.svg`, `${'A'.repeat(32)}.png`, 'x.png', '', '%2e%2e%2fcontent.json');
const wrongValue: Record<Kind, fc.Arbitrary<unknown>> = {
  text: NOT_TEXT,
  list: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }), fc.constant([{ _id: '../x' }])),
  date: fc.oneof(NOT_TEXT, NOT_A_DATE, fc.constant('')),
  optionalDate: fc.oneof(NOT_TEXT, NOT_A_DATE, fc.constant('')),
  nullableDate: fc.oneof(NOT_TEXT.filter((value) => value !== null), NOT_A_DATE),
  time: fc.oneof(NOT_TEXT, fc.constantFrom('25:00', '9:30', '12:60', 'noon', '12:30:00')),
  imageRef: fc.oneof(NOT_TEXT, fc.record({ imageId: NOT_AN_IMAGE_ID })),
  optionalImageRef: fc.oneof(NOT_TEXT.filter((value) => value !== null), fc.record({ imageId: NOT_AN_IMAGE_ID })),
  imageId: fc.oneof(NOT_TEXT, NOT_AN_IMAGE_ID),
  priority: fc.oneof(NOT_TEXT, fc.constantFrom('High', 'urgent', '', 'medium ')),
  boolean: fc.oneof(fc.constantFrom('true', 'false', 1, 0, null, [], {}), fc.string()),
  email: fc.oneof(NOT_TEXT, fc.constantFrom('not-an-email', 'a@', '@example.org', 'a b@example.org', '')),
  mobile: fc.oneof(NOT_TEXT, fc.constantFrom('call me', '12', 'abcdefghij', '+91 98765 43210 ext. 55', '')),
  gender: fc.oneof(NOT_TEXT, fc.constantFrom('other', 'Male', '', 'female ')),
};

/** Ids that cannot name an item: traversals (plain, encoded, doubly encoded), other forms, unknown ids. */
const TRAVERSALS = ['../', '..%2f', '%2e%2e%2f', '%2e%2e/', '..%5c', '%2e%2e%5c', '....//', '..;/', '%252e%252e%252f', '%c0%ae%c0%ae/', '..%00/', '%00'];
const TARGETS = ['admins.json', 'data/alumni.json', '..%2f..%2fetc%2fpasswd', 'content.json%00.png', ''];
const badItemId = fc.oneof(
  fc.tuple(fc.constantFrom(...TRAVERSALS), fc.integer({ min: 1, max: 4 }), fc.constantFrom(...TARGETS)).map(
    ([step, times, target]) => step.repeat(times) + target,
  ),
  fc.uuid().map((id) => id),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}%2f..`),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'null', 'undefined', '0', '-1', '%20', 'not-an-id'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);
const badRole = fc
  .oneof(
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'President', 'PRESIDENT', 'president%20',
      '%20president', 'president%00', 'honorarypresident', 'presidentImage', 'presidentMessage', '..%2fpresident',
      'president%2f..%2fsecretary', 'principal', '%2e%2e%2fsecretary'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  )
  .filter((role) => !(LEADERSHIP_ROLES as readonly string[]).includes(role));

/** Keys that must have no effect, with values meant to do harm if they had one. */
const junk = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', '_id', 'isApproved', 'registrationDate', 'passwordHash', 'then', 'toString'),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(
      fc.constant({ polluted: true, isAdmin: true, then: 'x', toString: 'x' }),
      fc.constant({ prototype: { polluted: true } }),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  ),
  { maxLength: 3 },
);
type Junk = [string, unknown][];

/**
 * A JSON object written out by hand, so that `__proto__` keys reach the server as sent. The extra
 * keys never use the name of one of the call's `fields`: they must have no effect at all.
 */
function jsonText(value: Record<string, unknown>, extra: Junk = [], fields: Record<string, Field> = {}): string {
  const entries = [...extra.filter(([key]) => !Object.hasOwn(fields, key) && !Object.hasOwn(value, key)), ...Object.entries(value)]
    .filter(([, item]) => item !== undefined)
    .map(([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`);
  return `{${entries.join(',')}}`;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function nested(depth: number, inner: string): string {
  return '['.repeat(depth) + inner + ']'.repeat(depth);
}

// ——— Attacks ———

const bodyRoute = fc.constantFrom(...BODY_ROUTE_NAMES);
const limitedTexts = (route: string) =>
  Object.entries(BODY_ROUTES[route]!.fields).filter(([, field]) => field.kind === 'text' && field.max);
const routeWithLimitedText = fc.constantFrom(...BODY_ROUTE_NAMES.filter((route) => limitedTexts(route).length > 0));
const fieldOf = (route: string) => fc.constantFrom(...Object.keys(BODY_ROUTES[route]!.fields));

export const attack = fc.oneof(
  fc.record({
    attack: fc.constant('malformed JSON' as const),
    route: bodyRoute,
    cut: fc.nat(),
    garbage: fc.string({ unit: 'binary', maxLength: 8 }),
    invalidUtf8: fc.boolean(),
  }),
  bodyRoute.chain((route) =>
    fieldOf(route).chain((field) =>
      fc.record({
        attack: fc.constant('wrong type' as const),
        route: fc.constant(route),
        field: fc.constant(field),
        value: wrongValue[BODY_ROUTES[route]!.fields[field]!.kind],
      }),
    ),
  ),
  fc.record({ attack: fc.constant('missing field' as const), route: bodyRoute, which: fc.nat() }),
  fc.record({ attack: fc.constant('huge string' as const), route: routeWithLimitedText, which: fc.nat(), extra: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 100_000, max: 1_200_000 })) }),
  fc.record({ attack: fc.constant('nested arrays' as const), route: bodyRoute, which: fc.option(fc.nat()), depth: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1000, max: 300_000 })) }),
  fc.record({ attack: fc.constant('__proto__ smuggling' as const), route: bodyRoute, key: fc.constantFrom('__proto__', 'constructor', 'prototype') }),
  fc.record({ attack: fc.constant('not JSON' as const), route: bodyRoute, type: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'text/json', null) }),
  fc.record({ attack: fc.constant('bad id' as const), route: fc.constantFrom(...ITEM_ID_ROUTES), id: badItemId }),
  fc.record({ attack: fc.constant('unknown role' as const), route: fc.constantFrom(...ROLE_ROUTES), role: badRole }),
  fc.record({ attack: fc.constant('image not stored' as const), route: fc.constantFrom('POST /api/logos', 'PUT /api/person-image/:role', 'POST /api/gallery', 'POST /api/homegallery', 'POST /api/events', 'PUT /api/content'), hash: fc.stringMatching(/^[a-f0-9]{32}$/) }),
  fc.record({ attack: fc.constant('expiry before publishing' as const), publish: dateInput, daysEarlier: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ attack: fc.constant('stale If-Match' as const), etag: fc.oneof(fc.constant('"stale"'), fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((tag) => `"${tag.replace(/["\\]/g, '')}"`), fc.constant('W/"x", "y"')) }),
  fc.record({ attack: fc.constant('wrong password' as const), route: fc.constantFrom('POST /api/admin/login', 'PUT /api/admin/password'), password: fc.string({ minLength: 1, maxLength: 60 }) }),
);
export type Attack = typeof attack extends fc.Arbitrary<infer A> ? A : never;

export function planAttack(a: Attack, c: Context): Planned {
  const json = (route: BodyRoute, body: string | Uint8Array, headers: Record<string, string> = {}): RawRequest => ({
    method: route.method,
    path: route.path(c),
    headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': 'application/json', ...headers },
    body,
  });
  const refused = (request: RawRequest): Planned => ({ label: a.attack, request, expect: { kind: 'refused' } });
  switch (a.attack) {
    case 'malformed JSON': {
      const route = BODY_ROUTES[a.route]!;
      const valid = jsonText(route.body(c));
      let broken = valid.slice(0, a.cut % valid.length) + a.garbage;
      if (parses(broken)) broken += ' }'; // the garbage happened to close it: break it again
      return refused(json(route, a.invalidUtf8 ? Buffer.concat([Buffer.from(broken), Buffer.from([0xff, 0xc0, 0xfe])]) : broken));
    }
    case 'wrong type': {
      const route = BODY_ROUTES[a.route]!;
      return refused(json(route, jsonText({ ...route.body(c), [a.field]: a.value })));
    }
    case 'missing field': {
      const route = BODY_ROUTES[a.route]!;
      const required = route.required ?? Object.keys(route.body(c));
      const { [required[a.which % required.length]!]: _left, ...rest } = route.body(c);
      return refused(json(route, jsonText(rest)));
    }
    case 'huge string': {
      const route = BODY_ROUTES[a.route]!;
      const limited = limitedTexts(a.route);
      const [name, field] = limited[a.which % limited.length]!;
      return refused(json(route, jsonText({ ...route.body(c), [name]: 'w'.repeat(field.max! + a.extra) })));
    }
    case 'nested arrays': {
      const route = BODY_ROUTES[a.route]!;
      const names = Object.keys(route.fields);
      if (a.which === null) return refused(json(route, nested(a.depth, '1')));
      const name = names[a.which % names.length]!;
      const body = jsonText({ ...route.body(c), [name]: '\u0000' });
      return refused(json(route, body.replace('"\\u0000"', nested(a.depth, '"x"'))));
    }
    case '__proto__ smuggling': {
      // The whole body hidden under the key: taken as the prototype, it would pass for a valid one.
      const route = BODY_ROUTES[a.route]!;
      return refused(json(route, jsonText({ [a.key]: route.body(c) })));
    }
    case 'not JSON': {
      const route = BODY_ROUTES[a.route]!;
      const request = json(route, jsonText(route.body(c)));
      if (a.type === null) delete request.headers!['Content-Type'];
      else request.headers!['Content-Type'] = a.type;
      return refused(request);
    }
    case 'bad id':
    case 'unknown role': {
      const route = ID_ROUTES[a.route]!;
      const id = a.attack === 'bad id' ? a.id : a.role;
      const body = route.body?.(c);
      return refused({
        method: route.method,
        path: route.path(id),
        headers: { Authorization: `Bearer ${c.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    }
    case 'image not stored': {
      const route = BODY_ROUTES[a.route]!;
      const missing = { imageId: `${a.hash}.png`, originalName: 'gone.png' };
      const bodies: Record<string, Record<string, unknown>> = {
        'POST /api/events': { ...event, image: missing },
        'PUT /api/content': { ...c.content, secretaryImage: missing },
      };
      return refused(json(route, jsonText(bodies[a.route] ?? { ...route.body(c), ...missing })));
    }
    case 'expiry before publishing': {
      const expiry = new Date(Date.parse(a.publish.stored) - a.daysEarlier * 86_400_000).toISOString().slice(0, 10);
      return refused(json(BODY_ROUTES['POST /api/news']!, jsonText({ ...event, publishDate: a.publish.sent, expiryDate: expiry })));
    }
    case 'stale If-Match':
      return refused(json(BODY_ROUTES['PUT /api/content']!, jsonText(c.content), { 'If-Match': a.etag }));
    case 'wrong password': {
      const password = a.password === c.password ? `${a.password}!` : a.password;
      const body = a.route === 'POST /api/admin/login'
        ? { username: 'admin', password }
        : { currentPassword: password, newPassword: 'never-set-by-the-fuzzer' };
      return refused(json(BODY_ROUTES[a.route]!, jsonText(body)));
    }
  }
}

// ——— Writes meant to succeed ———

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const imageChoice = fc.constantFrom('absent', 'null', 'stored') as fc.Arbitrary<'absent' | 'null' | 'stored'>;
const eventInput = fc.record({
  title: textUpTo(200),
  description: textUpTo(5000),
  date: dateInput,
  time: optional(timeInput),
  location: optional(textUpTo(200)),
  image: imageChoice,
});
const newsInput = fc.record({
  title: textUpTo(200),
  description: textUpTo(5000),
  publishDate: dateInput,
  expiresAfterDays: fc.option(fc.integer({ min: 0, max: 400 })),
  priority: optional(fc.constantFrom('low', 'medium', 'high')),
  image: imageChoice,
});
const pick = fc.nat();
const list = fc.constantFrom('homegallery', 'gallery') as fc.Arbitrary<'homegallery' | 'gallery'>;
const role = fc.constantFrom(...LEADERSHIP_ROLES);

export const write = fc.oneof(
  fc.record({ write: fc.constant('add event' as const), input: eventInput, junk }),
  fc.record({ write: fc.constant('edit event' as const), pick, input: eventInput, junk }),
  fc.record({ write: fc.constant('delete event' as const), pick }),
  fc.record({ write: fc.constant('remove event image' as const), pick }),
  fc.record({ write: fc.constant('add news' as const), input: newsInput, junk }),
  fc.record({ write: fc.constant('edit news' as const), pick, input: newsInput, junk }),
  fc.record({ write: fc.constant('delete news' as const), pick }),
  fc.record({ write: fc.constant('remove news image' as const), pick }),
  fc.record({ write: fc.constant('add logo' as const), name: optional(textUpTo(255)), junk }),
  fc.record({ write: fc.constant('delete logo' as const), pick }),
  fc.record({ write: fc.constant('add photo' as const), list, caption: textUpTo(200), junk }),
  fc.record({ write: fc.constant('delete photo' as const), list, pick }),
  fc.record({ write: fc.constant('set leader image' as const), role, junk }),
  fc.record({ write: fc.constant('remove leader image' as const), role }),
  fc.record({ write: fc.constant('edit message' as const), role, message: textUpTo(10_000), junk }),
  fc.record({ write: fc.constant('approve alumni' as const), pick, isApproved: fc.boolean(), junk }),
  fc.record({ write: fc.constant('register alumni' as const), fullName: textUpTo(120), message: optional(textUpTo(2000)), junk }),
);
export type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

/** The item a pick names in a list, or null when the list is empty. */
const picked = <T>(items: readonly T[], n: number): T | null => (items.length ? items[n % items.length]! : null);

export function planWrite(w: Write, c: Context): Planned {
  const auth = { Authorization: `Bearer ${c.token}` };
  const send = (method: string, path: string, body?: string): RawRequest => ({
    method,
    path,
    headers: body === undefined ? auth : { ...auth, 'Content-Type': 'application/json' },
    body,
  });
  const written = (request: RawRequest, effect: (before: Stored, after: Stored) => Stored): Planned => ({
    label: w.write,
    request,
    expect: { kind: 'written', effect },
  });
  const changeContent = (request: RawRequest, change: (content: SiteContent, after: SiteContent) => SiteContent) =>
    written(request, (before, after) => ({ ...before, content: change(before.content, after.content) }));
  const imageRef = { ...c.image };
  const storedImage = (choice: 'absent' | 'null' | 'stored') => (choice === 'stored' ? imageRef : null);
  const sentImage = (choice: 'absent' | 'null' | 'stored') => ({ absent: undefined, null: null, stored: imageRef })[choice];
  const { content } = c;

  switch (w.write) {
    case 'add event':
    case 'edit event': {
      const target = w.write === 'edit event' ? picked(content.events, w.pick) : null;
      if (w.write === 'edit event' && !target) return planWrite({ ...w, write: 'add event' }, c);
      const { input } = w;
      const body = jsonText({ ...input, date: input.date.sent, image: sentImage(input.image) }, w.junk, EVENT_FIELDS);
      const stored = {
        title: input.title.trim(),
        description: input.description.trim(),
        date: input.date.stored,
        time: input.time ?? '',
        location: input.location?.trim() ?? '',
        image: storedImage(input.image),
      };
      if (target) {
        return changeContent(send('PUT', `/api/events/${target._id}`, body), (before) => ({
          ...before,
          events: before.events.map((item) => (item._id === target._id ? { _id: target._id, ...stored } : item)),
        }));
      }
      return changeContent(send('POST', '/api/events', body), (before, after) => ({
        ...before,
        events: [...before.events, { _id: newId(before.events, after.events), ...stored }],
      }));
    }
    case 'add news':
    case 'edit news': {
      const target = w.write === 'edit news' ? picked(content.news, w.pick) : null;
      if (w.write === 'edit news' && !target) return planWrite({ ...w, write: 'add news' }, c);
      const { input } = w;
      const expiry = input.expiresAfterDays === null
        ? null
        : new Date(Date.parse(input.publishDate.stored) + input.expiresAfterDays * 86_400_000).toISOString().slice(0, 10);
      const body = jsonText(
        { ...input, expiresAfterDays: undefined, publishDate: input.publishDate.sent, expiryDate: expiry, image: sentImage(input.image) },
        w.junk,
        NEWS_FIELDS,
      );
      const stored = {
        title: input.title.trim(),
        description: input.description.trim(),
        publishDate: input.publishDate.stored,
        expiryDate: expiry,
        priority: input.priority ?? 'medium',
        image: storedImage(input.image),
      };
      if (target) {
        return changeContent(send('PUT', `/api/news/${target._id}`, body), (before) => ({
          ...before,
          news: before.news.map((item) => (item._id === target._id ? { _id: target._id, ...stored } : item)),
        }));
      }
      return changeContent(send('POST', '/api/news', body), (before, after) => ({
        ...before,
        news: [...before.news, { _id: newId(before.news, after.news), ...stored }],
      }));
    }
    case 'delete event':
    case 'remove event image':
    case 'delete news':
    case 'remove news image': {
      const listName = w.write.includes('event') ? 'events' : 'news';
      const target = picked(content[listName], w.pick);
      if (!target) return planAttack({ attack: 'bad id', route: `DELETE /api/${listName}/:id`, id: crypto.randomUUID() }, c);
      const removeImage = w.write.startsWith('remove');
      const path = `/api/${listName}/${target._id}${removeImage ? '/image' : ''}`;
      return changeContent(send('DELETE', path), (before) => ({
        ...before,
        [listName]: removeImage
          ? before[listName].map((item) => (item._id === target._id ? { ...item, image: null } : item))
          : before[listName].filter((item) => item._id !== target._id),
      }));
    }
    case 'add logo': {
      // A school has a few logos: past 40, one is deleted instead (the first one never is).
      if (content.logos.length >= 40) return planWrite({ write: 'delete logo', pick: 0 }, c);
      const sent = { imageId: imageRef.imageId, originalName: w.name };
      return changeContent(send('POST', '/api/logos', jsonText(sent, w.junk, IMAGE_FIELDS)), (before, after) => ({
        ...before,
        logos: [...before.logos, { _id: newId(before.logos, after.logos), imageId: imageRef.imageId, originalName: w.name?.trim() ?? '' }],
      }));
    }
    case 'delete logo': {
      const target = picked(content.logos.slice(1), w.pick);
      if (!target) return planWrite({ write: 'add logo', name: undefined, junk: [] }, c);
      return changeContent(send('DELETE', `/api/logos/${target._id}`), (before) => ({
        ...before,
        logos: before.logos.filter((item) => item._id !== target._id),
      }));
    }
    case 'add photo':
      return changeContent(send('POST', `/api/${w.list}`, jsonText({ ...imageRef, caption: w.caption }, w.junk, PHOTO_FIELDS)), (before, after) => ({
        ...before,
        [w.list]: [...before[w.list], { _id: newId(before[w.list], after[w.list]), imageId: imageRef.imageId, caption: w.caption.trim() }],
      }));
    case 'delete photo': {
      const target = picked(content[w.list], w.pick);
      if (!target) return planAttack({ attack: 'bad id', route: `DELETE /api/${w.list}/:id`, id: crypto.randomUUID() }, c);
      return changeContent(send('DELETE', `/api/${w.list}/${target._id}`), (before) => ({
        ...before,
        [w.list]: before[w.list].filter((item) => item._id !== target._id),
      }));
    }
    case 'set leader image':
      return changeContent(send('PUT', `/api/person-image/${w.role}`, jsonText(imageRef, w.junk, IMAGE_FIELDS)), (before) => ({
        ...before,
        [`${w.role}Image`]: imageRef,
      }));
    case 'remove leader image':
      return changeContent(send('DELETE', `/api/person-image/${w.role}`), (before) => ({ ...before, [`${w.role}Image`]: null }));
    case 'edit message':
      return changeContent(
        send('PUT', '/api/content', jsonText({ ...content, [`${w.role}Message`]: w.message }, w.junk, CONTENT_FIELDS)),
        (before) => ({ ...before, [`${w.role}Message`]: w.message.trim() }),
      );
    case 'approve alumni': {
      const target = picked(c.alumni, w.pick);
      if (!target) return planAttack({ attack: 'bad id', route: 'PUT /api/alumni/:id/approve', id: crypto.randomUUID() }, c);
      return written(send('PUT', `/api/alumni/${target._id}/approve`, jsonText({ isApproved: w.isApproved }, w.junk)), (before) => ({
        ...before,
        alumni: before.alumni.map((item) => (item._id === target._id ? { ...item, isApproved: w.isApproved } : item)),
      }));
    }
    case 'register alumni': {
      if (c.counters.registrations >= 25) return planWrite({ write: 'approve alumni', pick: 0, isApproved: true, junk: w.junk }, c);
      c.counters.registrations += 1;
      const sent = { ...ALUMNUS, fullName: w.fullName, email: `fuzz${c.counters.registrations}@example.org`, message: w.message };
      return written(send('POST', '/api/alumni', jsonText(sent, w.junk, ALUMNI_FIELDS)), (before, after) => {
        const added = after.alumni.find((item) => !before.alumni.some((old) => old._id === item._id));
        const record = {
          ...sent,
          fullName: w.fullName.trim(),
          message: w.message?.trim() ?? '',
          companyName: '',
          companyAddress: '',
          _id: added?._id ?? 'a new registration',
          isApproved: false,
          registrationDate: added?.registrationDate ?? 'now',
        };
        return { ...before, alumni: [...before.alumni, record as Alumni] };
      });
    }
  }
}

/** The id of the item added at the end of `after`, checked to be new. */
function newId(before: readonly { _id: string }[], after: readonly { _id: string }[]): string {
  const id = after.at(-1)?._id ?? '';
  return before.some((item) => item._id === id) ? 'the id of an existing item' : id;
}

// ——— Damaged images ———

export const damagedImage = fc.record({
  source: fc.nat(),
  flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
  cutAt: fc.option(fc.nat()),
});
export type DamagedImage = typeof damagedImage extends fc.Arbitrary<infer D> ? D : never;

/** An upload of one of `images` with some bytes changed (and perhaps cut short). */
export function planDamagedImage(d: DamagedImage, images: readonly Buffer[], c: Context): Planned {
  const bytes = Buffer.from(images[d.source % images.length]!);
  for (const [at, value] of d.flips) bytes[at % bytes.length] = value;
  const file = d.cutAt === null ? bytes : bytes.subarray(0, 1 + (d.cutAt % bytes.length));
  const boundary = 'fuzzboundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="damaged"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    label: 'damaged image',
    request: {
      method: 'POST',
      path: '/api/upload',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
    },
    expect: { kind: 'anything but a server error' },
  };
}
