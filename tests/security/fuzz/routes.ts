/**
 * The writes of the API as the fuzzing sees them: each call that takes a JSON body with its
 * fields and a body it accepts (which the attacks break), the calls with an `{id}` or `{role}`
 * in their path, and what a planned case is: a request and what it must do to the stored data.
 */

import type { Alumni } from '../../../site/contract/alumni.ts';
import type { InboxMessage } from '../../../site/contract/contact.ts';
import { type DocumentRef, type ImageRef, LEADERSHIP_ROLES, type SiteContent } from '../../../site/contract/content.ts';
import type { RawRequest } from '../support.ts';

export interface Stored {
  content: SiteContent;
  alumni: Alumni[];
  messages: InboxMessage[];
}

export interface Context extends Stored {
  token: string;
  /** An uploaded image that the first logo keeps in use for the whole run. */
  image: ImageRef;
  /**
   * The PDF the first circular added (`keeper`) holds, as stored now: it keeps it in use for the
   * whole run (a replacement of the file gives it a new id and name).
   */
  document: DocumentRef;
  /** The circular that keeps `document` in use: writes never change or delete it. */
  keeper: string;
  /** The password of the administrator the token belongs to. */
  password: string;
  /**
   * Kept from case to case: registrations and contact messages sent so far (a connection may
   * send 30 registrations and 10 messages an hour).
   */
  counters: { registrations: number; messages: number };
  /** The two-factor secret the administrator's last setup handed out, if any (from admins.json). */
  pendingSecret: string | null;
}

export type Expectation =
  | { kind: 'refused' }
  | {
      kind: 'written';
      effect: (before: Stored, after: Stored) => Stored;
      /** What the write does to the accounts: nothing, unless it says so. */
      accounts?: 'new pending two-factor secret';
      /**
       * What the write does to the list of erased people (erasures.json): nothing, unless it adds
       * one request, whose hashes must not give away `secret` (the address or number erased).
       */
      erasures?: { secret: string };
      /** The answer's body, when the plan knows it. */
      answer?: unknown;
    }
  | { kind: 'anything but a server error' }
  /** Exactly this status, and no stored document changed (uploads are files of their own). */
  | { kind: 'answered'; status: number }
  /**
   * A save from an older version: refused with 412, saying who changed the unit, when, its version
   * and the unit as it is now (`unit`, as stored), and nothing changed.
   */
  | { kind: 'stale'; unit: { updated?: { at: string; by: string } | undefined } };

export interface Planned {
  label: string;
  request: RawRequest;
  expect: Expectation;
}

// ——— Routes that take a JSON body, their fields, and a body each would accept ———

export type Kind =
  | 'text'
  | 'date'
  | 'optionalDate'
  | 'nullableDate'
  | 'time'
  | 'imageRef'
  | 'optionalImageRef'
  | 'optionalDocumentRef'
  | 'subject'
  | 'phone'
  | 'imageId'
  | 'priority'
  | 'boolean'
  | 'email'
  | 'mobile'
  | 'gender'
  | 'code'
  | 'list'
  | 'object'
  | 'socialLinks'
  | 'timeZone'
  | 'status'
  | 'publishAt'
  | 'role'
  /** A whole number of months or days, as the retention settings take. */
  | 'period'
  /** An urgent notice's level, and where it shows. */
  | 'alertLevel'
  | 'alertPlace'
  /** A date and time with its offset (ISO 8601). */
  | 'instant';
export interface Field {
  kind: Kind;
  max?: number;
}

export interface BodyRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  path: (context: Context) => string;
  fields: Record<string, Field>;
  /** A body the call accepts: the attacks break it. */
  body: (context: Context) => Record<string, unknown>;
  /** The fields of that body that may not be left out (all of them unless said). */
  required?: string[];
}

const text = (max?: number): Field => ({ kind: 'text', max });
/** What a write of an item or a page may say about publishing: its state, and when it goes live. */
const PUBLICATION_FIELDS: Record<string, Field> = { status: { kind: 'status' }, publishAt: { kind: 'publishAt' } };
/** The version a save started from, sent back (a stale one is refused with 412). */
export const VERSION_FIELDS: Record<string, Field> = { version: text(100) };
/** PUT /api/{list}/{id}/status and PUT /api/pages/{slug}/status: a change of state alone. */
export const STATUS_FIELDS: Record<string, Field> = { ...PUBLICATION_FIELDS, note: text(1000), ...VERSION_FIELDS };
export const EVENT_FIELDS: Record<string, Field> = {
  title: text(200),
  description: text(5000),
  date: { kind: 'date' },
  time: { kind: 'time' },
  location: text(200),
  image: { kind: 'optionalImageRef' },
  ...PUBLICATION_FIELDS,
};
export const NEWS_FIELDS: Record<string, Field> = {
  title: text(200),
  description: text(5000),
  publishDate: { kind: 'optionalDate' },
  expiryDate: { kind: 'nullableDate' },
  priority: { kind: 'priority' },
  image: { kind: 'optionalImageRef' },
  ...PUBLICATION_FIELDS,
};
export const PHOTO_FIELDS: Record<string, Field> = {
  imageId: { kind: 'imageId' },
  originalName: text(255),
  caption: text(200),
  // The photo's text alternative: absent = not set, "" = decorative.
  alt: text(250),
  // Photos wait for review, but are not scheduled.
  status: { kind: 'status' },
};
export const IMAGE_FIELDS: Record<string, Field> = { imageId: { kind: 'imageId' }, originalName: text(255) };
export const ALUMNI_FIELDS: Record<string, Field> = {
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
  // The form's box (issue 23): `true` once ticked; left out by clients written to the spec.
  consent: { kind: 'boolean' },
};
export const CIRCULAR_FIELDS: Record<string, Field> = {
  title: text(200),
  date: { kind: 'date' },
  description: text(5000),
  document: { kind: 'optionalDocumentRef' },
  ...PUBLICATION_FIELDS,
};
export const CONTACT_FIELDS: Record<string, Field> = {
  name: text(120),
  email: { kind: 'email' },
  phone: { kind: 'phone' },
  subject: { kind: 'subject' },
  message: text(5000),
  consent: { kind: 'boolean' },
};
/** How long personal data is kept (issue 23): PUT /api/admin/retention takes all three. */
/** PUT /api/admin/media/images/{imageId}: the library's alt text of an image ("": none). */
export const IMAGE_ALT_FIELDS: Record<string, Field> = { alt: text(250) };
export const RETENTION_FIELDS: Record<string, Field> = {
  messageMonths: { kind: 'period' },
  pendingAlumniDays: { kind: 'period' },
  backupDays: { kind: 'period' },
};
export const CONTENT_FIELDS: Record<string, Field> = Object.fromEntries([
  ...['logos', 'homegallery', 'gallery', 'events', 'news'].map((list) => [list, { kind: 'list' }]),
  ...LEADERSHIP_ROLES.flatMap((role) => [
    [`${role}Message`, text(10_000)],
    [`${role}Image`, { kind: 'optionalImageRef' }],
  ]),
  ['circulars', { kind: 'list' }],
]);

/** The settings an attack may break; the curriculum is left out: `["x"]` is one it accepts. */
export const SETTINGS_FIELDS: Record<string, Field> = {
  schoolName: text(120),
  shortName: text(60),
  tagline: text(300),
  brandLine: text(120),
  address: text(500),
  phone: { kind: 'mobile' },
  email: { kind: 'email' },
  officeHours: { kind: 'list' },
  social: { kind: 'socialLinks' },
  aboutIntro: text(1000),
  aboutStory: text(10_000),
  vision: text(2000),
  mission: text(2000),
  values: { kind: 'list' },
  reasons: { kind: 'list' },
  programmes: { kind: 'list' },
  calendar: { kind: 'object' },
  leaderNames: { kind: 'object' },
  timeZone: { kind: 'timeZone' },
};
export const PAGE_FIELDS: Record<string, Field> = { title: text(120), body: text(50_000), ...PUBLICATION_FIELDS };

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

export const CONTACT = {
  name: 'Fuzz Parent',
  email: 'parent@example.org',
  subject: 'admission',
  message: 'Sent by the fuzzer',
};
export const CIRCULAR = { title: 'Fuzz circular', date: '2031-05-05' };
export const ALERT_FIELDS: Record<string, Field> = {
  message: text(280),
  level: { kind: 'alertLevel' },
  startsAt: { kind: 'instant' },
  endsAt: { kind: 'instant' },
  showOn: { kind: 'alertPlace' },
};
const alert = () => ({
  message: 'Sent by the fuzzer',
  level: 'info',
  startsAt: new Date().toISOString(),
  endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  showOn: 'home',
});

const anyId = (list: readonly { _id: string }[]) => list[0]?._id ?? crypto.randomUUID();
/** The lists whose items wait for publishing, each with a PUT /api/{list}/{id}/status. */
export const PUBLICATION_LISTS = ['events', 'news', 'circulars', 'gallery', 'homegallery'] as const;
export type PublicationList = (typeof PUBLICATION_LISTS)[number];
export const EVENT = { title: 'Fuzz event', description: 'Sent by the fuzzer', date: '2031-05-05' };
const news = { title: 'Fuzz news', description: 'Sent by the fuzzer' };

export const BODY_ROUTES: Record<string, BodyRoute> = {
  'PUT /api/content': {
    method: 'PUT',
    path: () => '/api/content',
    fields: CONTENT_FIELDS,
    body: (c) => ({ ...c.content }),
    // The spec's fields; those added since (settings, pages, circulars…) keep their value when left out.
    required: Object.keys(CONTENT_FIELDS).filter((name) => name !== 'circulars'),
  },
  'PATCH /api/content': {
    method: 'PATCH',
    path: () => '/api/content',
    fields: Object.fromEntries(Object.entries(CONTENT_FIELDS).filter(([name]) => /(Message|Image)$/.test(name))),
    body: () => ({ presidentMessage: 'Sent by the fuzzer', secretaryImage: null }),
    // Any one of the fields will do.
    required: [],
  },
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
  'POST /api/events': { method: 'POST', path: () => '/api/events', fields: EVENT_FIELDS, body: () => EVENT },
  'PUT /api/events/:id': {
    method: 'PUT',
    path: (c) => `/api/events/${anyId(c.content.events)}`,
    fields: { ...EVENT_FIELDS, ...VERSION_FIELDS },
    body: () => EVENT,
  },
  'POST /api/news': { method: 'POST', path: () => '/api/news', fields: NEWS_FIELDS, body: () => news },
  'PUT /api/news/:id': {
    method: 'PUT',
    path: (c) => `/api/news/${anyId(c.content.news)}`,
    fields: { ...NEWS_FIELDS, ...VERSION_FIELDS },
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
  ...Object.fromEntries(
    (['homegallery', 'gallery'] as const).map((list): [string, BodyRoute] => [
      `PUT /api/${list}/:id`,
      {
        method: 'PUT',
        path: (c) => `/api/${list}/${anyId(c.content[list])}`,
        fields: { ...PHOTO_FIELDS, ...VERSION_FIELDS },
        body: (c) => ({ ...c.image, caption: 'Hall', alt: 'Pupils in the hall' }),
        required: ['imageId', 'caption'],
      },
    ]),
  ),
  'PUT /api/admin/media/images/:imageId': {
    method: 'PUT',
    path: (c) => `/api/admin/media/images/${c.image.imageId}`,
    fields: IMAGE_ALT_FIELDS,
    body: () => ({ alt: 'The school crest' }),
  },
  'PUT /api/settings': {
    method: 'PUT',
    path: () => '/api/settings',
    fields: { ...SETTINGS_FIELDS, ...VERSION_FIELDS },
    body: () => ({ phone: '+91 80 4000 1234', officeHours: [{ days: 'Mon-Fri', hours: '8:00 AM-4:00 PM' }] }),
    // Any subset may be sent: none is required.
    required: [],
  },
  'PUT /api/pages/:slug': {
    method: 'PUT',
    path: () => '/api/pages/privacy',
    fields: { ...PAGE_FIELDS, ...VERSION_FIELDS },
    body: () => ({ title: 'Privacy Policy', body: '## What we keep\n\nAs little as we can.' }),
  },
  'POST /api/alumni': { method: 'POST', path: () => '/api/alumni', fields: ALUMNI_FIELDS, body: () => ALUMNUS },
  'PUT /api/alumni/:id/approve': {
    method: 'PUT',
    path: (c) => `/api/alumni/${anyId(c.alumni)}/approve`,
    fields: { isApproved: { kind: 'boolean' } },
    body: () => ({ isApproved: true }),
  },
  'POST /api/circulars': {
    method: 'POST',
    path: () => '/api/circulars',
    fields: CIRCULAR_FIELDS,
    body: (c) => ({ ...CIRCULAR, document: c.document }),
    required: ['title', 'date'],
  },
  'POST /api/alerts': {
    method: 'POST',
    path: () => '/api/alerts',
    fields: ALERT_FIELDS,
    body: alert,
    required: ['message', 'level', 'endsAt'],
  },
  'PUT /api/alerts/:id': {
    method: 'PUT',
    path: (c) => `/api/alerts/${anyId(c.content.alerts)}`,
    fields: { ...ALERT_FIELDS, ...VERSION_FIELDS },
    body: alert,
    required: ['message', 'level', 'endsAt'],
  },
  'PUT /api/circulars/:id': {
    method: 'PUT',
    path: (c) => `/api/circulars/${anyId(c.content.circulars)}`,
    fields: { ...CIRCULAR_FIELDS, ...VERSION_FIELDS },
    body: (c) => ({ ...CIRCULAR, document: c.document }),
    required: ['title', 'date'],
  },
  ...Object.fromEntries(
    PUBLICATION_LISTS.map((list): [string, BodyRoute] => [
      `PUT /api/${list}/:id/status`,
      {
        method: 'PUT',
        path: (c) => `/api/${list}/${anyId(c.content[list])}/status`,
        fields: STATUS_FIELDS,
        body: () => ({ status: 'published' }),
        required: ['status'],
      },
    ]),
  ),
  'PUT /api/pages/:slug/status': {
    method: 'PUT',
    path: () => '/api/pages/privacy/status',
    fields: STATUS_FIELDS,
    body: () => ({ status: 'published' }),
    required: ['status'],
  },
  // The suite's own account, the only Administrator: it stays one (another role is refused, 409).
  'PUT /api/admin/accounts/:username': {
    method: 'PUT',
    path: () => '/api/admin/accounts/admin',
    fields: { role: { kind: 'role' } },
    body: () => ({ role: 'administrator' }),
  },
  'POST /api/contact': { method: 'POST', path: () => '/api/contact', fields: CONTACT_FIELDS, body: () => CONTACT },
  'PUT /api/admin/retention': {
    method: 'PUT',
    path: () => '/api/admin/retention',
    fields: RETENTION_FIELDS,
    body: () => ({ messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 }),
  },
  'PUT /api/admin/messages/:id': {
    method: 'PUT',
    path: (c) => `/api/admin/messages/${anyId(c.messages)}`,
    fields: { read: { kind: 'boolean' } },
    body: () => ({ read: true }),
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
  // The code is never right (the attacks make sure of it): two-factor login stays off.
  'POST /api/admin/2fa/enable': {
    method: 'POST',
    path: () => '/api/admin/2fa/enable',
    fields: { code: { kind: 'code' } },
    body: () => ({ code: '000000' }),
  },
  'POST /api/admin/2fa/disable': {
    method: 'POST',
    path: () => '/api/admin/2fa/disable',
    fields: { code: { kind: 'code' } },
    body: () => ({ code: '000000' }),
  },
};
export const BODY_ROUTE_NAMES = Object.keys(BODY_ROUTES);

/** Calls with an `{id}` (or `{role}`) in their path, as functions of it. */
export const ID_ROUTES: Record<
  string,
  {
    method: string;
    path: (id: string) => string;
    body?: (c: Context) => unknown;
    /** Takes a file (multipart, field `file`) instead of a JSON body. */
    upload?: true;
  }
> = {
  'DELETE /api/logos/:id': { method: 'DELETE', path: (id) => `/api/logos/${id}` },
  'PUT /api/events/:id': { method: 'PUT', path: (id) => `/api/events/${id}`, body: () => EVENT },
  'DELETE /api/events/:id': { method: 'DELETE', path: (id) => `/api/events/${id}` },
  'DELETE /api/events/:id/image': { method: 'DELETE', path: (id) => `/api/events/${id}/image` },
  'PUT /api/news/:id': { method: 'PUT', path: (id) => `/api/news/${id}`, body: () => EVENT },
  'DELETE /api/news/:id': { method: 'DELETE', path: (id) => `/api/news/${id}` },
  'DELETE /api/news/:id/image': { method: 'DELETE', path: (id) => `/api/news/${id}/image` },
  'DELETE /api/homegallery/:id': { method: 'DELETE', path: (id) => `/api/homegallery/${id}` },
  'DELETE /api/gallery/:id': { method: 'DELETE', path: (id) => `/api/gallery/${id}` },
  ...Object.fromEntries(
    (['homegallery', 'gallery'] as const).map((list) => [
      `PUT /api/${list}/:id`,
      {
        method: 'PUT',
        path: (id: string) => `/api/${list}/${id}`,
        body: (c: Context) => ({ ...c.image, caption: 'x' }),
      },
    ]),
  ),
  'PUT /api/admin/media/images/:imageId': {
    method: 'PUT',
    path: (id) => `/api/admin/media/images/${id}`,
    body: () => ({ alt: 'Hacked' }),
  },
  // A real PDF, sent as the new file of a document that is not there.
  'PUT /api/admin/media/documents/:documentId': {
    method: 'PUT',
    path: (id) => `/api/admin/media/documents/${id}`,
    upload: true,
  },
  'PUT /api/alumni/:id/approve': {
    method: 'PUT',
    path: (id) => `/api/alumni/${id}/approve`,
    body: () => ({ isApproved: true }),
  },
  'DELETE /api/alumni/:id': { method: 'DELETE', path: (id) => `/api/alumni/${id}` },
  'PUT /api/circulars/:id': { method: 'PUT', path: (id) => `/api/circulars/${id}`, body: () => CIRCULAR },
  'DELETE /api/circulars/:id': { method: 'DELETE', path: (id) => `/api/circulars/${id}` },
  'PUT /api/alerts/:id': { method: 'PUT', path: (id) => `/api/alerts/${id}`, body: alert },
  'DELETE /api/alerts/:id': { method: 'DELETE', path: (id) => `/api/alerts/${id}` },
  'PUT /api/admin/messages/:id': {
    method: 'PUT',
    path: (id) => `/api/admin/messages/${id}`,
    body: () => ({ read: true }),
  },
  'DELETE /api/admin/messages/:id': { method: 'DELETE', path: (id) => `/api/admin/messages/${id}` },
  'PUT /api/person-image/:role': { method: 'PUT', path: (role) => `/api/person-image/${role}`, body: (c) => c.image },
  'DELETE /api/person-image/:role': { method: 'DELETE', path: (role) => `/api/person-image/${role}` },
  'DELETE /api/admin/accounts/:username': { method: 'DELETE', path: (name) => `/api/admin/accounts/${name}` },
  'POST /api/admin/history/:version/restore': {
    method: 'POST',
    path: (version) => `/api/admin/history/${version}/restore`,
  },
  'PUT /api/pages/:slug': {
    method: 'PUT',
    path: (slug) => `/api/pages/${slug}`,
    body: () => ({ title: 'Hacked', body: 'x' }),
  },
  ...Object.fromEntries(
    PUBLICATION_LISTS.map((list) => [
      `PUT /api/${list}/:id/status`,
      { method: 'PUT', path: (id: string) => `/api/${list}/${id}/status`, body: () => ({ status: 'published' }) },
    ]),
  ),
  'PUT /api/pages/:slug/status': {
    method: 'PUT',
    path: (slug) => `/api/pages/${slug}/status`,
    body: () => ({ status: 'published' }),
  },
  'PUT /api/admin/accounts/:username': {
    method: 'PUT',
    path: (name) => `/api/admin/accounts/${name}`,
    body: () => ({ role: 'editor' }),
  },
};
/** The calls naming an item or a stored file by its id (`:id`, `:imageId`, `:documentId`). */
export const ITEM_ID_ROUTES = Object.keys(ID_ROUTES).filter((name) => /:(id|imageId|documentId)\b/.test(name));
export const ROLE_ROUTES = Object.keys(ID_ROUTES).filter((name) => name.includes(':role'));
export const SLUG_ROUTES = Object.keys(ID_ROUTES).filter((name) => name.includes(':slug'));

/**
 * Writes that name what they change in their query (`?email=` or `?phone=`), as functions of it:
 * an erasure of everything about one person (issue 23).
 */
export const QUERY_ROUTES: Record<string, { method: string; path: (query: string) => string }> = {
  'DELETE /api/admin/personal-data': { method: 'DELETE', path: (query) => `/api/admin/personal-data${query}` },
};

/**
 * The calls of a family's subscription (issue 35), which the fuzzing's server (no subscription)
 * answers storing nothing: 400 to a request to subscribe to no topic, 404 to any token, which can
 * only be a forgery. `token` goes where each call takes it.
 */
export const SUBSCRIPTION_ROUTES: Record<
  string,
  { method: string; path: (token: string) => string; body?: (token: string) => string; form?: true; status: number }
> = {
  'POST /api/subscriptions': {
    method: 'POST',
    path: () => '/api/subscriptions',
    body: (token) => JSON.stringify({ email: `${token.replace(/[^a-z0-9]/gi, '') || 'x'}@example.org`, topics: [] }),
    status: 400,
  },
  'POST /api/subscriptions/confirm': {
    method: 'POST',
    path: () => '/api/subscriptions/confirm',
    body: (token) => JSON.stringify({ token }),
    status: 404,
  },
  'PUT /api/subscriptions/mine': {
    method: 'PUT',
    path: (token) => `/api/subscriptions/mine?token=${encodeURIComponent(token)}`,
    body: () => JSON.stringify({ topics: ['alerts'] }),
    status: 404,
  },
  'DELETE /api/subscriptions/mine': {
    method: 'DELETE',
    path: (token) => `/api/subscriptions/mine?token=${encodeURIComponent(token)}`,
    status: 404,
  },
  // A browser's subscription to notifications: an endpoint that is no push service's is refused,
  // and one that is no subscription's is removed from nothing.
  'POST /api/push-subscriptions': {
    method: 'POST',
    path: () => '/api/push-subscriptions',
    body: (token) =>
      JSON.stringify({
        endpoint: `https://push.attacker.example/${encodeURIComponent(token)}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        topics: ['alerts'],
      }),
    status: 400,
  },
  'DELETE /api/push-subscriptions': {
    method: 'DELETE',
    path: () => '/api/push-subscriptions',
    body: (token) => JSON.stringify({ endpoint: `https://fcm.googleapis.com/fcm/send/${encodeURIComponent(token)}` }),
    status: 200,
  },
  'POST /api/subscriptions/unsubscribe': {
    method: 'POST',
    path: (token) => `/api/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`,
    body: () => 'List-Unsubscribe=One-Click',
    form: true,
    status: 404,
  },
};

/** Writes that take nothing but the token: sent as writes meant to succeed (writes.ts). */
export const BODILESS_ROUTES = ['POST /api/admin/2fa/setup'];

export type Junk = [string, unknown][];

/**
 * A JSON object written out by hand, so that `__proto__` keys reach the server as sent. The extra
 * keys never use the name of one of the call's `fields`: they must have no effect at all.
 */
export function jsonText(value: Record<string, unknown>, extra: Junk = [], fields: Record<string, Field> = {}): string {
  const entries = [
    ...extra.filter(([key]) => !Object.hasOwn(fields, key) && !Object.hasOwn(value, key)),
    ...Object.entries(value),
  ]
    .filter(([, item]) => item !== undefined)
    .map(([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`);
  return `{${entries.join(',')}}`;
}

export function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function nested(depth: number, inner: string): string {
  return '['.repeat(depth) + inner + ']'.repeat(depth);
}
