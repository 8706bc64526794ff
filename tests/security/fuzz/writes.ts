/**
 * Writes meant to succeed, many with `__proto__`, `constructor` or unknown keys that must have no
 * effect: each must change exactly what it says, which its plan spells out.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { ALERT_LEVELS, ALERT_PLACES, linksIn } from '../../../site/contract/alerts.ts';
import type { Alumni } from '../../../site/contract/alumni.ts';
import type { InboxMessage } from '../../../site/contract/contact.ts';
import { CONTACT_SUBJECTS, HONEYPOT_FIELD } from '../../../site/contract/contact-subjects.ts';
import { LEADERSHIP_ROLES, type SiteContent } from '../../../site/contract/content.ts';
import { PAGE_SLUGS } from '../../../site/contract/pages.ts';
import { STATUSES } from '../../../site/contract/publication.ts';
import { ROLES } from '../../../site/contract/roles.ts';
import { slugify } from '../../../site/contract/settings.ts';
import { pdfFile } from '../../api/test-documents.ts';
import type { RawRequest } from '../support.ts';
import { planAttack } from './attacks.ts';
import { type Damage, damage, damagedUpload, MULTIPART } from './damaged-upload.ts';
import type { Context, Field, Junk, Planned, Stored } from './routes.ts';
import {
  ALERT_FIELDS,
  ALUMNI_FIELDS,
  ALUMNUS,
  CIRCULAR_FIELDS,
  CONTACT,
  CONTACT_FIELDS,
  CONTENT_FIELDS,
  EVENT_FIELDS,
  IMAGE_ALT_FIELDS,
  IMAGE_FIELDS,
  jsonText,
  NEWS_FIELDS,
  PAGE_FIELDS,
  PHOTO_FIELDS,
  PUBLICATION_LISTS,
  RETENTION_FIELDS,
  SETTINGS_FIELDS,
  STATUS_FIELDS,
  VERSION_FIELDS,
} from './routes.ts';
import { dateInput, junk, phoneInput, publishAtInput, textUpTo, timeInput } from './values.ts';

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const imageChoice = fc.constantFrom('absent', 'null', 'stored') as fc.Arbitrary<'absent' | 'null' | 'stored'>;
const status = fc.constantFrom(...STATUSES);
/**
 * What a write says about publishing: nothing (the Administrator's write is published at once, as
 * the spec's calls always were), a state, a time to go live (or none: null), or both.
 */
const publication = fc.record({
  status: optional(status),
  publishAt: optional(fc.option(publishAtInput, { nil: null })),
});
type Publication = typeof publication extends fc.Arbitrary<infer P> ? P : never;
/**
 * What a form says of consent (issue 23): nothing (a client written to the spec), no, or yes;
 * only a yes is kept, with when and the privacy notice's version.
 */
const consentChoice = fc.constantFrom('absent', 'no', 'yes') as fc.Arbitrary<'absent' | 'no' | 'yes'>;
const sentConsent = (choice: 'absent' | 'no' | 'yes') => ({ absent: undefined, no: false, yes: true })[choice];
const storedConsent = (choice: 'absent' | 'no' | 'yes') =>
  choice === 'yes'
    ? {
        givenAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        notice: expect.stringMatching(/^notice-[0-9a-f]{12}$/),
      }
    : null;
/** How long personal data is kept, within the bounds the settings take. */
const retentionInput = fc.record({
  messageMonths: fc.integer({ min: 1, max: 120 }),
  pendingAlumniDays: fc.integer({ min: 7, max: 3650 }),
  backupDays: fc.integer({ min: 1, max: 3650 }),
});
/** A save that says the version it started from (the current one: it is taken), or says nothing. */
const versionChoice = fc.constantFrom('none', 'body', 'If-Match') as fc.Arbitrary<'none' | 'body' | 'If-Match'>;
const eventInput = fc.record({
  title: textUpTo(200),
  description: textUpTo(5000),
  date: dateInput,
  time: optional(timeInput),
  location: optional(textUpTo(200)),
  image: imageChoice,
  publication,
});
const newsInput = fc.record({
  title: textUpTo(200),
  description: textUpTo(5000),
  publishDate: dateInput,
  expiresAfterDays: fc.option(fc.integer({ min: 0, max: 400 })),
  priority: optional(fc.constantFrom('low', 'medium', 'high')),
  image: imageChoice,
  publication,
});
const circularInput = fc.record({
  title: textUpTo(200),
  date: dateInput,
  description: optional(textUpTo(5000)),
  document: fc.constantFrom('absent', 'null', 'stored') as fc.Arbitrary<'absent' | 'null' | 'stored'>,
  publication,
});
/** An image's text alternative: words, or none at all (`""`, or only spaces: decorative). */
const altInput = fc.oneof({ weight: 3, arbitrary: textUpTo(250) }, fc.constantFrom('', ' ', '\t'));
/**
 * An urgent notice: its start said as seconds from now (or not at all, or null: now), how long
 * after its start (or now, when it starts earlier) it ends, and the offset its instants are written in.
 */
const alertInput = fc.record({
  message: textUpTo(280).filter((message) => linksIn(message).length <= 1),
  level: fc.constantFrom(...ALERT_LEVELS),
  start: fc.oneof(fc.constantFrom('absent' as const, null), fc.integer({ min: -30 * 86_400, max: 30 * 86_400 })),
  lasts: fc.integer({ min: 3600, max: 60 * 86_400 }),
  zone: fc.constantFrom('Z', '+05:30', '-08:00'),
  showOn: optional(fc.constantFrom(...ALERT_PLACES)),
});
type AlertWrite = typeof alertInput extends fc.Arbitrary<infer A> ? A : never;
/**
 * The files a document is replaced with: the PDF the run's first circular started with, others,
 * and a text file dressed up as a PDF (refused); most sent whole, some with bytes changed or cut.
 */
const REPLACEMENTS = [
  pdfFile('Fixture'),
  pdfFile('One'),
  pdfFile('Two'),
  pdfFile('Three'),
  Buffer.from('Dear parents,\n'),
];
const replacement: fc.Arbitrary<Damage> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ source: fc.nat(), flips: fc.constant<[number, number][]>([]), cutAt: fc.constant(null) }),
  },
  fc.record(damage(1)),
);
const pick = fc.nat();
const list = fc.constantFrom('homegallery', 'gallery') as fc.Arbitrary<'homegallery' | 'gallery'>;
const role = fc.constantFrom(...LEADERSHIP_ROLES);
/** A subset of the settings, as an administrator changes them (at least one field). */
const settingsInput = fc
  .record(
    {
      schoolName: fc.constantFrom('Sunridge Valley School', 'Green Hills Academy', ' Hillcrest Public School '),
      tagline: textUpTo(300),
      phone: fc.constantFrom('+91 80 4000 1234', ' 080-4000 5678 ', '+1 (555) 010-0199'),
      officeHours: fc.array(fc.record({ days: textUpTo(60), hours: textUpTo(60) }), { maxLength: 4 }),
      linkedin: fc.constantFrom('', 'https://www.linkedin.com/school/example', ' https://x.example/a?b=c '),
      timeZone: fc.constantFrom('Asia/Kolkata', 'UTC', 'Europe/London', 'Pacific/Kiritimati'),
    },
    { requiredKeys: [] },
  )
  .filter((input) => Object.keys(input).length > 0);

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
  fc.record({
    write: fc.constant('add photo' as const),
    list,
    caption: textUpTo(200),
    alt: optional(altInput),
    status: optional(status),
    junk,
  }),
  fc.record({
    write: fc.constant('edit photo' as const),
    list,
    pick,
    caption: textUpTo(200),
    alt: optional(altInput),
    status: optional(status),
    version: versionChoice,
    junk,
  }),
  // The media library's text alternative of the run's image ("" or spaces: none).
  fc.record({ write: fc.constant('set image alt' as const), alt: altInput, junk }),
  fc.record({
    write: fc.constant('replace document' as const),
    pick,
    file: replacement,
    name: fc.constantFrom('circular-2.pdf', 'Fee schedule 2031.PDF', 'notice (final).pdf'),
  }),
  fc.record({ write: fc.constant('add alert' as const), input: alertInput, junk }),
  fc.record({ write: fc.constant('edit alert' as const), pick, input: alertInput, version: versionChoice, junk }),
  fc.record({ write: fc.constant('delete alert' as const), pick }),
  fc.record({ write: fc.constant('delete photo' as const), list, pick }),
  fc.record({ write: fc.constant('set leader image' as const), role, junk }),
  fc.record({ write: fc.constant('remove leader image' as const), role }),
  fc.record({ write: fc.constant('edit message' as const), role, message: textUpTo(10_000), junk }),
  // PATCH takes only the leadership fields: no junk (an unknown field is refused).
  fc.record({ write: fc.constant('patch message' as const), role, message: textUpTo(10_000) }),
  fc.record({ write: fc.constant('approve alumni' as const), pick, isApproved: fc.boolean(), junk }),
  fc.record({ write: fc.constant('edit settings' as const), input: settingsInput, junk }),
  fc.record({
    write: fc.constant('edit page' as const),
    slug: fc.constantFrom(...PAGE_SLUGS),
    title: textUpTo(120),
    body: textUpTo(50_000),
    publication,
    version: versionChoice,
    junk,
  }),
  fc.record({ write: fc.constant('add circular' as const), input: circularInput, junk }),
  fc.record({ write: fc.constant('edit circular' as const), pick, input: circularInput, junk }),
  fc.record({ write: fc.constant('delete circular' as const), pick }),
  fc.record({
    write: fc.constant('send message' as const),
    name: textUpTo(120),
    phone: optional(phoneInput),
    subject: fc.constantFrom(...CONTACT_SUBJECTS),
    message: textUpTo(5000),
    consent: consentChoice,
    junk,
  }),
  fc.record({ write: fc.constant('bot message' as const), trap: textUpTo(100), junk }),
  fc.record({ write: fc.constant('mark message' as const), pick, read: fc.boolean(), junk }),
  fc.record({ write: fc.constant('delete message' as const), pick }),
  fc.record({
    write: fc.constant('register alumni' as const),
    fullName: textUpTo(120),
    message: optional(textUpTo(2000)),
    consent: consentChoice,
    junk,
  }),
  fc.record({ write: fc.constant('change retention' as const), settings: retentionInput, junk }),
  // Everything about the person of one record, found by the address or number it gives, written as people type it.
  fc.record({
    write: fc.constant('erase person' as const),
    from: fc.constantFrom('alumni', 'messages') as fc.Arbitrary<'alumni' | 'messages'>,
    pick,
    by: fc.constantFrom('email', 'phone') as fc.Arbitrary<'email' | 'phone'>,
    spelling: fc.nat(),
  }),
  fc.record({ write: fc.constant('start two-factor setup' as const) }),
  // Submit, approve, schedule, return with a note, unpublish: a change of state alone.
  fc.record({
    write: fc.constant('change status' as const),
    list: fc.constantFrom(...PUBLICATION_LISTS),
    pick,
    status,
    publishAt: optional(fc.option(publishAtInput, { nil: null })),
    note: optional(textUpTo(1000)),
    version: versionChoice,
    junk,
  }),
  fc.record({
    write: fc.constant('change page status' as const),
    slug: fc.constantFrom(...PAGE_SLUGS),
    status,
    publishAt: optional(fc.option(publishAtInput, { nil: null })),
    note: optional(textUpTo(1000)),
    version: versionChoice,
    junk,
  }),
  // The suite's account is the only Administrator: it may stay one (nothing changes), nothing else.
  fc.record({ write: fc.constant('change own role' as const), role: fc.constantFrom(...ROLES), junk }),
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
  const sentImage = (choice: 'absent' | 'null' | 'stored') =>
    ({ absent: undefined, null: null, stored: imageRef })[choice];
  const { content } = c;
  /**
   * The state an Administrator's write leaves: the status it says (published when it says none),
   * and the time to go live it says, as the school's wall-clock time (none when it says none).
   */
  const storedPublication = ({ status, publishAt }: Partial<Publication>) => ({
    status: status ?? ('published' as const),
    publishAt: publishAt ? publishAt.stored(content.settings.timeZone) : null,
  });

  switch (w.write) {
    case 'add event':
    case 'edit event': {
      const target = w.write === 'edit event' ? picked(content.events, w.pick) : null;
      if (w.write === 'edit event' && !target) return planWrite({ ...w, write: 'add event' }, c);
      const { input } = w;
      const body = jsonText(
        { ...input, date: input.date.sent, image: sentImage(input.image), ...sentPublication(input.publication) },
        w.junk,
        { ...EVENT_FIELDS, ...VERSION_FIELDS },
      );
      const stored = {
        title: input.title.trim(),
        description: input.description.trim(),
        date: input.date.stored(content.settings.timeZone),
        time: input.time ?? '',
        location: input.location?.trim() ?? '',
        image: storedImage(input.image),
        ...storedPublication(input.publication),
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
      const expiry =
        input.expiresAfterDays === null
          ? null
          : new Date(
              Date.parse(input.publishDate.stored(content.settings.timeZone)) + input.expiresAfterDays * 86_400_000,
            )
              .toISOString()
              .slice(0, 10);
      const body = jsonText(
        {
          ...input,
          expiresAfterDays: undefined,
          publishDate: input.publishDate.sent,
          expiryDate: expiry,
          image: sentImage(input.image),
          ...sentPublication(input.publication),
        },
        w.junk,
        { ...NEWS_FIELDS, ...VERSION_FIELDS },
      );
      const stored = {
        title: input.title.trim(),
        description: input.description.trim(),
        publishDate: input.publishDate.stored(content.settings.timeZone),
        expiryDate: expiry,
        priority: input.priority ?? 'medium',
        image: storedImage(input.image),
        ...storedPublication(input.publication),
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
      const items: readonly { _id: string; image: unknown }[] = content[listName];
      const target = picked(items, w.pick);
      if (!target)
        return planAttack({ attack: 'bad id', route: `DELETE /api/${listName}/:id`, id: crypto.randomUUID() }, c);
      const removeImage = w.write.startsWith('remove');
      const path = `/api/${listName}/${target._id}${removeImage ? '/image' : ''}`;
      const change = <T extends { _id: string; image: unknown }>(list: T[]): T[] =>
        removeImage
          ? list.map((item) => (item._id === target._id ? { ...item, image: null } : item))
          : list.filter((item) => item._id !== target._id);
      return changeContent(send('DELETE', path), (before) => ({
        ...before,
        [listName]: change<{ _id: string; image: unknown }>(before[listName]),
      }));
    }
    case 'add logo': {
      // A school has a few logos: past 40, one is deleted instead (the first one never is).
      if (content.logos.length >= 40) return planWrite({ write: 'delete logo', pick: 0 }, c);
      const sent = { imageId: imageRef.imageId, originalName: w.name };
      return changeContent(send('POST', '/api/logos', jsonText(sent, w.junk, IMAGE_FIELDS)), (before, after) => ({
        ...before,
        logos: [
          ...before.logos,
          { _id: newId(before.logos, after.logos), imageId: imageRef.imageId, originalName: w.name?.trim() ?? '' },
        ],
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
      return changeContent(
        send(
          'POST',
          `/api/${w.list}`,
          jsonText({ ...imageRef, caption: w.caption, alt: w.alt, status: w.status }, w.junk, PHOTO_FIELDS),
        ),
        (before, after) => ({
          ...before,
          [w.list]: [
            ...before[w.list],
            {
              _id: newId(before[w.list], after[w.list]),
              imageId: imageRef.imageId,
              caption: w.caption.trim(),
              ...storedAlt(w.alt),
              ...storedPublication({ status: w.status }),
            },
          ],
        }),
      );
    case 'edit photo': {
      const target = picked(content[w.list], w.pick);
      if (!target) return planWrite({ ...w, write: 'add photo' }, c);
      const sent = { ...imageRef, caption: w.caption, alt: w.alt, status: w.status };
      const fields = { ...PHOTO_FIELDS, ...VERSION_FIELDS };
      const request = saying(w.version, target, send('PUT', `/api/${w.list}/${target._id}`), sent, w.junk, fields);
      // The photo as sent: an alt text left out is no longer set.
      const stored = {
        _id: target._id,
        imageId: imageRef.imageId,
        caption: w.caption.trim(),
        ...storedAlt(w.alt),
        ...storedPublication({ status: w.status }),
      };
      return changeContent(request, (before) => ({
        ...before,
        [w.list]: before[w.list].map((item) => (item._id === target._id ? stored : item)),
      }));
    }
    case 'set image alt': {
      const { imageId } = imageRef;
      const alt = w.alt.trim();
      const path = `/api/admin/media/images/${imageId}`;
      const planned = changeContent(send('PUT', path, jsonText({ alt: w.alt }, w.junk, IMAGE_ALT_FIELDS)), (before) => {
        const { [imageId]: _old, ...others } = before.imageAlts;
        return { ...before, imageAlts: alt ? { ...others, [imageId]: alt } : others };
      });
      // The answer is the image as the library lists it, with its alt text when it has one.
      const answer = expect.objectContaining({ kind: 'image', id: imageId, ...(alt ? { alt } : {}) });
      return { ...planned, expect: { ...planned.expect, answer } } as Planned;
    }
    case 'replace document':
      return planReplacement(w, c);
    case 'add alert':
    case 'edit alert': {
      const target = w.write === 'edit alert' ? picked(content.alerts, w.pick) : null;
      if (w.write === 'edit alert' && !target) return planWrite({ ...w, write: 'add alert' }, c);
      // At most 100 notices: past 20, one is deleted instead.
      if (!target && content.alerts.length >= 20)
        return planWrite({ write: 'delete alert', pick: 'pick' in w ? w.pick : 0 }, c);
      const { sent, stored } = alertOf(w.input);
      if (target) {
        const request = saying(
          w.write === 'edit alert' ? w.version : 'none',
          target,
          send('PUT', `/api/alerts/${target._id}`),
          sent,
          w.junk,
          ALERT_FIELDS,
        );
        return changeContent(request, (before) => ({
          ...before,
          alerts: before.alerts.map((item) => (item._id === target._id ? { _id: target._id, ...stored } : item)),
        }));
      }
      return changeContent(send('POST', '/api/alerts', jsonText(sent, w.junk, ALERT_FIELDS)), (before, after) => ({
        ...before,
        alerts: [...before.alerts, { _id: newId(before.alerts, after.alerts), ...stored }],
      }));
    }
    case 'delete alert': {
      const target = picked(content.alerts, w.pick);
      if (!target) return planAttack({ attack: 'bad id', route: 'DELETE /api/alerts/:id', id: crypto.randomUUID() }, c);
      return changeContent(send('DELETE', `/api/alerts/${target._id}`), (before) => ({
        ...before,
        alerts: before.alerts.filter((item) => item._id !== target._id),
      }));
    }
    case 'delete photo': {
      const target = picked(content[w.list], w.pick);
      if (!target)
        return planAttack({ attack: 'bad id', route: `DELETE /api/${w.list}/:id`, id: crypto.randomUUID() }, c);
      return changeContent(send('DELETE', `/api/${w.list}/${target._id}`), (before) => ({
        ...before,
        [w.list]: before[w.list].filter((item) => item._id !== target._id),
      }));
    }
    case 'set leader image':
      return changeContent(
        send('PUT', `/api/person-image/${w.role}`, jsonText(imageRef, w.junk, IMAGE_FIELDS)),
        (before) => ({
          ...before,
          [`${w.role}Image`]: imageRef,
        }),
      );
    case 'remove leader image':
      return changeContent(send('DELETE', `/api/person-image/${w.role}`), (before) => ({
        ...before,
        [`${w.role}Image`]: null,
      }));
    case 'edit message':
      return changeContent(
        send('PUT', '/api/content', jsonText({ ...content, [`${w.role}Message`]: w.message }, w.junk, CONTENT_FIELDS)),
        (before) => ({ ...before, [`${w.role}Message`]: w.message.trim() }),
      );
    case 'patch message':
      return changeContent(
        send('PATCH', '/api/content', JSON.stringify({ [`${w.role}Message`]: w.message })),
        (before) => ({ ...before, [`${w.role}Message`]: w.message.trim() }),
      );
    case 'edit settings': {
      const { linkedin, ...rest } = w.input;
      const sent = { ...rest, ...(linkedin === undefined ? {} : { social: { linkedin } }) };
      return changeContent(send('PUT', '/api/settings', jsonText(sent, w.junk, SETTINGS_FIELDS)), (before) => {
        const trimmed = (value: string | undefined, old: string) => (value === undefined ? old : value.trim());
        const settings = {
          ...before.settings,
          schoolName: trimmed(rest.schoolName, before.settings.schoolName),
          tagline: trimmed(rest.tagline, before.settings.tagline),
          phone: trimmed(rest.phone, before.settings.phone),
          timeZone: rest.timeZone ?? before.settings.timeZone,
          officeHours:
            rest.officeHours?.map((row) => ({ days: row.days.trim(), hours: row.hours.trim() })) ??
            before.settings.officeHours,
          social: { ...before.settings.social, linkedin: trimmed(linkedin, before.settings.social.linkedin) },
        };
        // A new name keeps the old about address, which then redirects; a name taken back is current again.
        const [old, now] = [slugify(before.settings.schoolName), slugify(settings.schoolName)];
        const former =
          old === now ? before.settings.formerSlugs : [old, ...before.settings.formerSlugs.filter((s) => s !== old)];
        return { ...before, settings: { ...settings, formerSlugs: former.filter((s) => s !== now) } };
      });
    }
    case 'edit page': {
      const page = content.pages.find((one) => one.slug === w.slug)!;
      const sent = { title: w.title, body: w.body, ...sentPublication(w.publication) };
      const fields = { ...PAGE_FIELDS, ...VERSION_FIELDS };
      const request = saying(w.version, page, send('PUT', `/api/pages/${w.slug}`), sent, w.junk, fields);
      return changeContent(request, (before) => ({
        ...before,
        pages: before.pages.map((one) =>
          one.slug === w.slug
            ? { slug: w.slug, title: w.title.trim(), body: w.body.trim(), ...storedPublication(w.publication) }
            : one,
        ),
      }));
    }
    case 'approve alumni': {
      const target = picked(c.alumni, w.pick);
      if (!target)
        return planAttack({ attack: 'bad id', route: 'PUT /api/alumni/:id/approve', id: crypto.randomUUID() }, c);
      return written(
        send('PUT', `/api/alumni/${target._id}/approve`, jsonText({ isApproved: w.isApproved }, w.junk)),
        (before) => ({
          ...before,
          alumni: before.alumni.map((item) => (item._id === target._id ? { ...item, isApproved: w.isApproved } : item)),
        }),
      );
    }
    case 'add circular':
    case 'edit circular': {
      // The keeper holds the run's document: it is never changed.
      const target = w.write === 'edit circular' ? picked(others(content.circulars, c.keeper), w.pick) : null;
      if (w.write === 'edit circular' && !target) return planWrite({ ...w, write: 'add circular' }, c);
      if (!target && content.circulars.length >= 60) return planWrite({ write: 'delete circular', pick: 0 }, c);
      const { input } = w;
      const documentRef = { ...c.document };
      const sent = { absent: undefined, null: null, stored: documentRef }[input.document];
      const body = jsonText(
        { ...input, date: input.date.sent, document: sent, ...sentPublication(input.publication) },
        w.junk,
        { ...CIRCULAR_FIELDS, ...VERSION_FIELDS },
      );
      const stored = {
        title: input.title.trim(),
        date: input.date.stored(content.settings.timeZone),
        description: input.description?.trim() ?? '',
        document: input.document === 'stored' ? documentRef : null,
        ...storedPublication(input.publication),
      };
      if (target) {
        return changeContent(send('PUT', `/api/circulars/${target._id}`, body), (before) => ({
          ...before,
          circulars: before.circulars.map((item) => (item._id === target._id ? { _id: target._id, ...stored } : item)),
        }));
      }
      return changeContent(send('POST', '/api/circulars', body), (before, after) => ({
        ...before,
        circulars: [...before.circulars, { _id: newId(before.circulars, after.circulars), ...stored }],
      }));
    }
    case 'delete circular': {
      const target = picked(others(content.circulars, c.keeper), w.pick);
      if (!target)
        return planAttack({ attack: 'bad id', route: 'DELETE /api/circulars/:id', id: crypto.randomUUID() }, c);
      return changeContent(send('DELETE', `/api/circulars/${target._id}`), (before) => ({
        ...before,
        circulars: before.circulars.filter((item) => item._id !== target._id),
      }));
    }
    case 'send message': {
      // A connection may send 10 an hour: past 8, messages are marked read instead.
      if (c.counters.messages >= 8) return planWrite({ write: 'mark message', pick: 0, read: true, junk: w.junk }, c);
      c.counters.messages += 1;
      // Each parent an address of their own: an erasure by address takes one message, not all.
      const email = `parent${c.counters.messages}@example.org`;
      const sent = { ...CONTACT, name: w.name, email, phone: w.phone, subject: w.subject, message: w.message };
      const body = jsonText({ ...sent, consent: sentConsent(w.consent) }, withoutTrap(w.junk), CONTACT_FIELDS);
      return written(send('POST', '/api/contact', body), (before, after) => {
        const added = after.messages.find((item) => !before.messages.some((old) => old._id === item._id));
        const record = {
          ...sent,
          name: w.name.trim(),
          phone: w.phone ?? '',
          message: w.message.trim(),
          _id: added?._id ?? 'a new message',
          receivedAt: added?.receivedAt ?? 'now',
          read: false,
          consent: storedConsent(w.consent),
        };
        return { ...before, messages: [...before.messages, record as InboxMessage] };
      });
    }
    case 'bot message':
      // Told it arrived, and nothing is kept.
      return written(
        send('POST', '/api/contact', jsonText({ ...CONTACT, [HONEYPOT_FIELD]: w.trap }, w.junk, CONTACT_FIELDS)),
        (before) => before,
      );
    case 'mark message': {
      const target = picked(c.messages, w.pick);
      if (!target)
        return planAttack({ attack: 'bad id', route: 'PUT /api/admin/messages/:id', id: crypto.randomUUID() }, c);
      return written(
        send('PUT', `/api/admin/messages/${target._id}`, jsonText({ read: w.read }, w.junk)),
        (before) => ({
          ...before,
          messages: before.messages.map((item) => (item._id === target._id ? { ...item, read: w.read } : item)),
        }),
      );
    }
    case 'delete message': {
      const target = picked(c.messages, w.pick);
      if (!target)
        return planAttack({ attack: 'bad id', route: 'DELETE /api/admin/messages/:id', id: crypto.randomUUID() }, c);
      return written(send('DELETE', `/api/admin/messages/${target._id}`), (before) => ({
        ...before,
        messages: before.messages.filter((item) => item._id !== target._id),
      }));
    }
    case 'register alumni': {
      if (c.counters.registrations >= 25)
        return planWrite({ write: 'approve alumni', pick: 0, isApproved: true, junk: w.junk }, c);
      c.counters.registrations += 1;
      const sent = {
        ...ALUMNUS,
        fullName: w.fullName,
        email: `fuzz${c.counters.registrations}@example.org`,
        // A number of their own too: an erasure by phone number takes one registration.
        mobile: `+91 98000 ${20000 + c.counters.registrations}`,
        message: w.message,
      };
      const body = jsonText({ ...sent, consent: sentConsent(w.consent) }, w.junk, ALUMNI_FIELDS);
      return written(send('POST', '/api/alumni', body), (before, after) => {
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
          consent: storedConsent(w.consent),
        };
        return { ...before, alumni: [...before.alumni, record as Alumni] };
      });
    }
    case 'change retention':
      return changeContent(
        send('PUT', '/api/admin/retention', jsonText(w.settings, w.junk, RETENTION_FIELDS)),
        (before) => ({ ...before, retention: w.settings }),
      );
    case 'erase person': {
      const { query, secret, about } = personQuery(w, c);
      const removedAlumni = c.alumni.filter((one) => about({ email: one.email, phone: one.mobile }));
      const removedMessages = c.messages.filter(about);
      return {
        label: w.write,
        request: send('DELETE', `/api/admin/personal-data${query}`),
        expect: {
          kind: 'written',
          effect: (before) => ({
            ...before,
            alumni: before.alumni.filter((one) => !about({ email: one.email, phone: one.mobile })),
            messages: before.messages.filter((one) => !about(one)),
          }),
          erasures: { secret },
          answer: {
            request: expect.stringMatching(/^E-\d{4}$/),
            erased: {
              alumni: removedAlumni.length,
              messages: removedMessages.length,
              subscriptions: 0,
              pendingMails: 0,
            },
          },
        },
      };
    }
    case 'change status': {
      const target = picked(content[w.list] as readonly Unit[], w.pick);
      if (!target) {
        const route = `PUT /api/${w.list}/:id/status`;
        return planAttack({ attack: 'bad id', route, id: crypto.randomUUID() }, c);
      }
      const sent = { status: w.status, publishAt: w.publishAt?.sent ?? w.publishAt, note: w.note };
      const path = `/api/${w.list}/${target._id}/status`;
      const request = saying(w.version, target, send('PUT', path), sent, w.junk, STATUS_FIELDS);
      return changeContent(request, (before) => ({
        ...before,
        [w.list]: (before[w.list] as Unit[]).map((item) =>
          item._id === target._id ? { ...item, ...storedPublication(w) } : item,
        ),
      }));
    }
    case 'change page status': {
      const page = content.pages.find((one) => one.slug === w.slug)!;
      const sent = { status: w.status, publishAt: w.publishAt?.sent ?? w.publishAt, note: w.note };
      const request = saying(w.version, page, send('PUT', `/api/pages/${w.slug}/status`), sent, w.junk, STATUS_FIELDS);
      return changeContent(request, (before) => ({
        ...before,
        pages: before.pages.map((one) => (one.slug === w.slug ? { ...one, ...storedPublication(w) } : one)),
      }));
    }
    case 'change own role':
      // The last Administrator cannot be made anything else (409); made one again, nothing changes.
      return {
        label: w.write,
        request: send(
          'PUT',
          '/api/admin/accounts/admin',
          jsonText({ role: w.role }, w.junk, { role: { kind: 'role' } }),
        ),
        expect: { kind: 'answered', status: w.role === 'administrator' ? 200 : 409 },
      };
    case 'start two-factor setup':
      // A new pending secret, nothing else: two-factor login stays off until a code confirms it.
      return {
        label: w.write,
        request: send('POST', '/api/admin/2fa/setup'),
        expect: { kind: 'written', effect: (before) => before, accounts: 'new pending two-factor secret' },
      };
  }
}

/** The digits of a phone number that compare it: its last ten, whatever the spaces or country code. */
const lastTenDigits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/**
 * The query of an erasure of the person of the record `w` picks, as an office might type it (the
 * address in other capitals and with spaces around, the number with or without its country code
 * and spaces), with what it gives away (`secret`) and which records are about that person. Without
 * a record, or a phone number to go by, someone unknown or the address.
 */
function personQuery(w: Extract<Write, { write: 'erase person' }>, c: Context) {
  const records = [
    ...(w.from === 'alumni' ? [] : c.messages.map((one) => ({ email: one.email, phone: one.phone }))),
    ...c.alumni.map((one) => ({ email: one.email, phone: one.mobile })),
    ...(w.from === 'alumni' ? c.messages.map((one) => ({ email: one.email, phone: one.phone })) : []),
  ];
  const record = records.length ? records[w.pick % Math.min(records.length, 5)]! : null;
  const byPhone = w.by === 'phone' && record !== null && lastTenDigits(record.phone).length >= 7;
  if (byPhone) {
    const digits = lastTenDigits(record.phone);
    const spellings = [record.phone, digits, `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, `0${digits}`];
    const key = digits;
    return {
      query: `?phone=${encodeURIComponent(spellings[w.spelling % spellings.length]!)}`,
      secret: digits,
      about: ({ phone }: { email: string; phone: string }) =>
        lastTenDigits(phone).length >= 7 && lastTenDigits(phone) === key,
    };
  }
  const email = record?.email ?? `nobody-${w.spelling}@example.org`;
  const spellings = [email, email.toUpperCase(), `  ${email} `, email[0]!.toUpperCase() + email.slice(1)];
  const key = email.trim().toLowerCase();
  return {
    query: `?email=${encodeURIComponent(spellings[w.spelling % spellings.length]!)}`,
    secret: key,
    about: ({ email: other }: { email: string; phone: string }) => other.trim().toLowerCase() === key,
  };
}

/** An item, a page or the settings: what a save's version names (its last change). */
type Unit = { _id: string; updated?: { at: string } | undefined };

/** A unit's version as a save sends it back: when it was last changed, `original` if never (issue 20). */
const versionOf = (unit: { updated?: { at: string } | undefined }) => unit.updated?.at ?? 'original';

/**
 * `request` with `sent` as its body (and `junk`, none of it a field), saying the version of `unit`
 * it started from as `choice` says: in the body, as If-Match, or not at all.
 */
function saying(
  choice: 'none' | 'body' | 'If-Match',
  unit: { updated?: { at: string } | undefined },
  request: RawRequest,
  sent: Record<string, unknown>,
  extra: Junk,
  fields: Record<string, Field>,
): RawRequest {
  const version = choice === 'body' ? { version: versionOf(unit) } : {};
  const headers: Record<string, string> = { ...request.headers, 'Content-Type': 'application/json' };
  if (choice === 'If-Match') headers['If-Match'] = `"${versionOf(unit)}"`;
  return {
    ...request,
    headers,
    body: jsonText({ ...sent, ...version }, extra, fields),
  };
}

/** What a write says about publishing, as sent: only what it says. */
const sentPublication = ({ status, publishAt }: Publication) => ({
  status,
  publishAt: publishAt === undefined || publishAt === null ? publishAt : publishAt.sent,
});

/** The items of `list` other than the one with `_id` kept. */
const others = <T extends { _id: string }>(list: readonly T[], kept: string) =>
  list.filter((item) => item._id !== kept);

/** Junk without the honeypot field, which would silently drop the message. */
const withoutTrap = (extra: typeof junk extends fc.Arbitrary<infer J> ? J : never) =>
  extra.filter(([key]) => key !== HONEYPOT_FIELD);

/** The id of the item added at the end of `after`, checked to be new. */
function newId(before: readonly { _id: string }[], after: readonly { _id: string }[]): string {
  const id = after.at(-1)?._id ?? '';
  return before.some((item) => item._id === id) ? 'the id of an existing item' : id;
}

/** A photo's text alternative as stored: none when none was sent, trimmed (`""`: decorative). */
const storedAlt = (alt: string | undefined) => (alt === undefined ? {} : { alt: alt.trim() });

/** `ms` written as an instant with the offset `zone` (`Z`, `+05:30`…), to the second. */
function instantIn(ms: number, zone: string): string {
  const minutes =
    zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)));
  return `${new Date(ms + minutes * 60_000).toISOString().slice(0, 19)}${zone}`;
}

/**
 * A notice as sent (start and end written in the input's offset) and as stored: instants in UTC, a
 * start left out (or null) is the moment it is saved, shown on every page unless it says home.
 */
function alertOf(input: AlertWrite) {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const start = typeof input.start === 'number' ? now + input.start * 1000 : null;
  const end = Math.max(start ?? now, now) + input.lasts * 1000;
  const sent = {
    message: input.message,
    level: input.level,
    startsAt: start === null ? (input.start === null ? null : undefined) : instantIn(start, input.zone),
    endsAt: instantIn(end, input.zone),
    showOn: input.showOn,
  };
  const stored = {
    message: input.message.trim(),
    level: input.level,
    startsAt:
      start === null
        ? expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
        : new Date(start).toISOString(),
    endsAt: new Date(end).toISOString(),
    showOn: input.showOn ?? 'all',
  };
  return { sent, stored };
}

/** What the document store names a file: the first 32 hex digits of the SHA-256 of its bytes. */
const documentIdOf = (bytes: Uint8Array) => `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.pdf`;

/**
 * A new file for the run's document (the one the keeper circular holds) or for one it replaced
 * earlier. A PDF (anything starting `%PDF-`) other than the current file replaces it: every
 * reference of the content names the new id, circulars that hold it take its name, and the old
 * id (and every id that led to it) becomes an alias of the new one. The same file again is
 * refused (400), anything else that is not a PDF too (415): nothing changes.
 */
function planReplacement(w: Extract<Write, { write: 'replace document' }>, c: Context): Planned {
  const targets = [c.document.documentId, ...Object.keys(c.content.documentAliases)];
  const oldId = targets[w.pick % targets.length]!;
  const { file, body } = damagedUpload(w.file, REPLACEMENTS, w.name, 'application/pdf');
  const request: RawRequest = {
    method: 'PUT',
    path: `/api/admin/media/documents/${oldId}`,
    headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': MULTIPART },
    body,
  };
  const newId = documentIdOf(file);
  const isPdf = file.subarray(0, 5).toString('latin1') === '%PDF-';
  if (!isPdf || newId === oldId)
    return { label: `replace document: ${isPdf ? 'same file' : 'not a PDF'}`, request, expect: { kind: 'refused' } };
  const effect = (before: Stored): Stored => {
    const { documentAliases, ...rest } = before.content;
    const rewritten = JSON.parse(JSON.stringify(rest).replaceAll(oldId, newId)) as Omit<SiteContent, 'documentAliases'>;
    const aliases = Object.fromEntries(
      Object.entries(documentAliases).map(([former, current]) => [former, current === oldId ? newId : current]),
    );
    aliases[oldId] = newId;
    delete aliases[newId];
    const circulars = rewritten.circulars.map((item) =>
      item.document?.documentId === newId ? { ...item, document: { documentId: newId, originalName: w.name } } : item,
    );
    return { ...before, content: { ...rewritten, circulars, documentAliases: aliases } };
  };
  return {
    label: w.write,
    request,
    expect: {
      kind: 'written',
      effect,
      answer: { documentId: newId, originalName: w.name, size: file.length, replaced: oldId },
    },
  };
}
