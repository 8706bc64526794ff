/** Attacks on every write, each built to be invalid: it must be refused with a 4xx and change nothing. */
import fc from 'fast-check';
import { generateSync } from 'otplib';
import { pdfFile } from '../../api/test-documents.ts';
import type { RawRequest } from '../support.ts';
import { damagedUpload, MULTIPART } from './damaged-upload.ts';
import type { BodyRoute, Context, Planned } from './routes.ts';
import {
  BODY_ROUTE_NAMES,
  BODY_ROUTES,
  EVENT,
  ID_ROUTES,
  ITEM_ID_ROUTES,
  jsonText,
  nested,
  PUBLICATION_LISTS,
  type PublicationList,
  parses,
  QUERY_ROUTES,
  ROLE_ROUTES,
  SLUG_ROUTES,
  SUBSCRIPTION_ROUTES,
} from './routes.ts';
import { badItemId, badPersonQuery, badRole, badSlug, badUsername, dateInput, wrongValue } from './values.ts';

const bodyRoute = fc.constantFrom(...BODY_ROUTE_NAMES);
/** The file an upload to a document that is not there sends: a real PDF, never stored. */
const ATTACK_PDF = pdfFile('Sent to no document');
const limitedTexts = (route: string) =>
  Object.entries(BODY_ROUTES[route]!.fields).filter(([, field]) => field.kind === 'text' && field.max);
const routeWithLimitedText = fc.constantFrom(...BODY_ROUTE_NAMES.filter((route) => limitedTexts(route).length > 0));
const fieldOf = (route: string) => fc.constantFrom(...Object.keys(BODY_ROUTES[route]!.fields));
/** Routes with a field that may not be left out (a subset route such as the settings has none). */
const routeWithRequired = fc.constantFrom(
  ...BODY_ROUTE_NAMES.filter((route) => BODY_ROUTES[route]!.required?.length !== 0),
);

/** The saves that may say the version they started from, and the unit each replaces. */
const STALE_ROUTES = [
  'PUT /api/settings',
  'PUT /api/pages/:slug',
  'PUT /api/pages/:slug/status',
  ...(['events', 'news', 'circulars', 'gallery', 'homegallery', 'alerts'] as const).map(
    (list) => `PUT /api/${list}/:id`,
  ),
  ...PUBLICATION_LISTS.map((list) => `PUT /api/${list}/:id/status`),
];

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
  fc.record({ attack: fc.constant('missing field' as const), route: routeWithRequired, which: fc.nat() }),
  fc.record({
    attack: fc.constant('huge string' as const),
    route: routeWithLimitedText,
    which: fc.nat(),
    extra: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 100_000, max: 1_200_000 })),
  }),
  fc.record({
    attack: fc.constant('nested arrays' as const),
    route: bodyRoute,
    which: fc.option(fc.nat()),
    depth: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1000, max: 300_000 })),
  }),
  fc.record({
    attack: fc.constant('__proto__ smuggling' as const),
    route: bodyRoute,
    key: fc.constantFrom('__proto__', 'constructor', 'prototype'),
  }),
  fc.record({
    attack: fc.constant('not JSON' as const),
    route: bodyRoute,
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
      'text/json',
      null,
    ),
  }),
  fc.record({ attack: fc.constant('bad id' as const), route: fc.constantFrom(...ITEM_ID_ROUTES), id: badItemId }),
  fc.record({ attack: fc.constant('unknown role' as const), route: fc.constantFrom(...ROLE_ROUTES), role: badRole }),
  fc.record({ attack: fc.constant('unknown page' as const), route: fc.constantFrom(...SLUG_ROUTES), slug: badSlug }),
  fc.record({
    attack: fc.constant('no one person' as const),
    route: fc.constantFrom(...Object.keys(QUERY_ROUTES)),
    query: badPersonQuery,
  }),
  fc.record({
    attack: fc.constant('image not stored' as const),
    route: fc.constantFrom(
      'POST /api/logos',
      'PUT /api/person-image/:role',
      'POST /api/gallery',
      'POST /api/homegallery',
      'POST /api/events',
      'PUT /api/content',
    ),
    hash: fc.stringMatching(/^[a-f0-9]{32}$/),
  }),
  fc.record({
    attack: fc.constant('document not stored' as const),
    route: fc.constantFrom('POST /api/circulars', 'PUT /api/circulars/:id', 'PUT /api/content'),
    hash: fc.stringMatching(/^[a-f0-9]{32}$/),
  }),
  fc.record({
    attack: fc.constant('expiry before publishing' as const),
    publish: dateInput,
    daysEarlier: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({
    attack: fc.constant('stale If-Match' as const),
    etag: fc.oneof(
      fc.constant('"stale"'),
      fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((tag) => `"${tag.replace(/["\\]/g, '')}"`),
      fc.constant('W/"x", "y"'),
    ),
  }),
  fc.record({
    attack: fc.constant('wrong password' as const),
    route: fc.constantFrom('POST /api/admin/login', 'PUT /api/admin/password'),
    password: fc.string({ minLength: 1, maxLength: 60 }),
  }),
  fc.record({
    attack: fc.constant('wrong two-factor code' as const),
    route: fc.constantFrom('POST /api/admin/2fa/enable', 'POST /api/admin/2fa/disable'),
    code: fc.stringMatching(/^\d{6}$/),
  }),
  fc.record({ attack: fc.constant('account not removable' as const), username: badUsername }),
  // The suite's own account is the last Administrator (409); any other name is unknown (404).
  fc.record({
    attack: fc.constant('role not changeable' as const),
    username: badUsername,
    role: fc.constantFrom('editor', 'contributor', 'office'),
  }),
  fc.record({
    attack: fc.constant('forged subscription link' as const),
    route: fc.constantFrom(...Object.keys(SUBSCRIPTION_ROUTES)),
    token: fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.tuple(fc.uuid(), fc.base64String({ maxLength: 24 })).map(([id, signature]) => `${id}.${signature}`),
    ),
  }),
  fc.record({
    attack: fc.constant('stale version' as const),
    route: fc.constantFrom(...STALE_ROUTES),
    version: fc.oneof(
      fc.constantFrom('original', '2020-01-01T00:00:00.000Z', ''),
      fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((version) => version.replace(/["\\]/g, '')),
    ),
    via: fc.constantFrom('body', 'If-Match'),
  }),
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
      return refused(
        json(route, a.invalidUtf8 ? Buffer.concat([Buffer.from(broken), Buffer.from([0xff, 0xc0, 0xfe])]) : broken),
      );
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
    case 'unknown role':
    case 'unknown page': {
      const route = ID_ROUTES[a.route]!;
      const id = a.attack === 'bad id' ? a.id : a.attack === 'unknown role' ? a.role : a.slug;
      if (route.upload) {
        const { body } = damagedUpload(
          { source: 0, flips: [], cutAt: null },
          [ATTACK_PDF],
          'new.pdf',
          'application/pdf',
        );
        return refused({
          method: route.method,
          path: route.path(id),
          headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': MULTIPART },
          body,
        });
      }
      const body = route.body?.(c);
      return refused({
        method: route.method,
        path: route.path(id),
        headers: { Authorization: `Bearer ${c.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    }
    case 'no one person': {
      const route = QUERY_ROUTES[a.route]!;
      return refused({
        method: route.method,
        path: route.path(a.query),
        headers: { Authorization: `Bearer ${c.token}` },
      });
    }
    case 'image not stored': {
      const route = BODY_ROUTES[a.route]!;
      const missing = { imageId: `${a.hash}.png`, originalName: 'gone.png' };
      const bodies: Record<string, Record<string, unknown>> = {
        'POST /api/events': { ...EVENT, image: missing },
        'PUT /api/content': { ...c.content, secretaryImage: missing },
      };
      return refused(json(route, jsonText(bodies[a.route] ?? { ...route.body(c), ...missing })));
    }
    case 'document not stored': {
      // Named by a circular, or linked from a text of the content: either way it must exist.
      const route = BODY_ROUTES[a.route]!;
      const missing = `${a.hash}.pdf`;
      const body =
        a.route === 'PUT /api/content'
          ? { ...c.content, secretaryMessage: `Read [it](/api/document/${missing}).` }
          : { ...route.body(c), document: { documentId: missing, originalName: 'gone.pdf' } };
      return refused(json(route, jsonText(body)));
    }
    case 'expiry before publishing': {
      const expiry = new Date(Date.parse(a.publish.stored(c.content.settings.timeZone)) - a.daysEarlier * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return refused(
        json(BODY_ROUTES['POST /api/news']!, jsonText({ ...EVENT, publishDate: a.publish.sent, expiryDate: expiry })),
      );
    }
    case 'stale If-Match':
      return refused(json(BODY_ROUTES['PUT /api/content']!, jsonText(c.content), { 'If-Match': a.etag }));
    case 'wrong two-factor code': {
      return refused(json(BODY_ROUTES[a.route]!, jsonText({ code: wrongCode(a.code, c.pendingSecret) })));
    }
    case 'role not changeable': {
      const route = ID_ROUTES['PUT /api/admin/accounts/:username']!;
      return refused({
        method: route.method,
        path: route.path(a.username),
        headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ role: a.role }),
      });
    }
    case 'stale version': {
      // The unit each save replaces: the settings, the page the route names, the list's first item.
      const list = /^PUT \/api\/(\w+)\/:id/.exec(a.route)?.[1] as PublicationList | 'alerts' | undefined;
      const unit = a.route.includes('/pages/')
        ? c.content.pages.find((page) => page.slug === 'privacy')!
        : list
          ? c.content[list][0]
          : c.content.settings;
      if (!unit) return planAttack({ attack: 'bad id', route: a.route, id: crypto.randomUUID() }, c);
      const current = unit.updated?.at ?? 'original';
      const version = a.version === current ? `${a.version}x` : a.version;
      const route = BODY_ROUTES[a.route]!;
      const body = { ...route.body(c), ...(a.via === 'body' ? { version } : {}) };
      const request = json(route, jsonText(body), a.via === 'If-Match' ? { 'If-Match': `"${version}"` } : {});
      return { label: a.attack, request, expect: { kind: 'stale', unit } };
    }
    case 'forged subscription link': {
      const route = SUBSCRIPTION_ROUTES[a.route]!;
      const body = route.body?.(a.token);
      const type = route.form ? 'application/x-www-form-urlencoded' : 'application/json';
      return {
        label: a.attack,
        request: {
          method: route.method,
          path: route.path(a.token),
          // A DELETE's body is sent with its length: Node sends no other way of knowing it for DELETE.
          headers:
            body === undefined ? {} : { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) },
          body,
        },
        expect: { kind: 'answered', status: route.status },
      };
    }
    case 'account not removable': {
      const route = ID_ROUTES['DELETE /api/admin/accounts/:username']!;
      return refused({
        method: route.method,
        path: route.path(a.username),
        headers: { Authorization: `Bearer ${c.token}` },
      });
    }
    case 'wrong password': {
      const password = a.password === c.password ? `${a.password}!` : a.password;
      const body =
        a.route === 'POST /api/admin/login'
          ? { username: 'admin', password }
          : { currentPassword: password, newPassword: 'never-set-by-the-fuzzer' };
      return refused(json(BODY_ROUTES[a.route]!, jsonText(body)));
    }
  }
}

/**
 * `code`, or the next number that is not a code `secret` might be taken with around now (the
 * server takes the step before and after its own, and its clock may move on a step meanwhile).
 */
function wrongCode(code: string, secret: string | null): string {
  if (!secret) return code;
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set([-2, -1, 0, 1, 2].map((steps) => generateSync({ secret, epoch: now + steps * 30 })));
  let wrong = Number(code);
  while (valid.has(String(wrong).padStart(6, '0'))) wrong = (wrong + 1) % 1_000_000;
  return String(wrong).padStart(6, '0');
}
