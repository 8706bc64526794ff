import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import { AdminListQuery, AlumniPage, pageOf } from '../../site/contract/admin-lists.ts';
import { Alumni, AlumniApproval, AlumniInput } from '../../site/contract/alumni.ts';
import { MessageAnswer } from '../../site/contract/api.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteLook } from '../audit/record-changes.ts';
import { countFromConnection } from '../http/connection-limit.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/json-body.ts';
import { itemIdParam } from '../http/path-params.ts';
import { SlidingWindow } from '../http/sliding-window.ts';
import { alumniMail } from '../mail/notifications.ts';
import { operations } from '../openapi/operation.ts';
import { consentOf } from '../privacy/privacy-notice.ts';
import type { ListAccess } from '../store/list-access.ts';
import { itemIndex, listRoutes } from './list-routes.ts';

const GONE = 'This registration no longer exists';
export const REGISTERED =
  'Thank you for registering! Your registration will be reviewed by the school before it is approved.';

/** Registrations one address may send per hour: a class reunion on one Wi-Fi fits, a flood does not. */
const REGISTRATIONS_PER_HOUR = 30;

/**
 * Alumni: anyone may register (the answer never repeats the personal data back); administrators
 * list, approve, unapprove and delete registrations. Kept apart from the site content, so no
 * registration ever reaches a public page.
 */
export function alumniRoutes(deps: AppDeps) {
  const { stores, trustProxy, notifier } = deps;
  const op = operations(deps);
  const registrations = new SlidingWindow(60 * 60_000);
  const list: ListAccess<Alumni> = {
    items: () => stores.alumni.data.alumni,
    write: async (change) => ({ items: (await stores.alumni.update((draft) => change(draft.alumni))).data.alumni }),
  };
  const newestFirst = { order: 'newest first', items: newestAlumniFirst };
  return new Hono()
    .post(
      '/alumni',
      op({
        tag: 'Visitors',
        summary: 'Register as an alumnus',
        description:
          'The registration waits for the school to approve it; the answer never repeats the details sent. ' +
          'Sending the same name and e-mail address again keeps one registration. ' +
          'With `consent: true` (the form’s box ticked), the registration keeps the privacy notice agreed to.',
        body: AlumniInput,
        example: {
          fullName: 'Priya Raman',
          gender: 'female',
          mobile: '+91 98450 12345',
          email: 'priya.raman@example.com',
          address: '12 Lake Road, Bengaluru',
          periodOfStudy: '2005–2015',
          qualification: 'B.Com',
          occupation: 'Accountant',
          companyName: 'Raman & Co',
          companyAddress: '4 MG Road, Bengaluru',
          message: 'Happy to help with the reunion.',
          consent: true,
        },
        answers: { 201: { description: 'The registration was received.', schema: MessageAnswer } },
        refusals: {
          429: 'Too many registrations from this connection: the message and the `Retry-After` header say how long to wait.',
        },
      }),
      async (c) => {
        const input = await readJson(c, AlumniInput);
        countFromConnection(c, registrations, { limit: REGISTRATIONS_PER_HOUR, trustProxy, what: 'registrations' });
        const { consent, ...fields } = input;
        const { result: added } = await stores.alumni.update((data) => {
          // A second click, or the form sent again: one registration is enough.
          if (data.alumni.some((alumni) => isSamePerson(alumni, fields))) return null;
          const registration: Alumni = {
            _id: randomUUID(),
            ...fields,
            isApproved: false,
            registrationDate: new Date().toISOString(),
            // The privacy notice the person agreed to, when the form asked (a client of the spec's API does not).
            consent: consentOf(consent, stores.content.data),
          };
          data.alumni.push(registration);
          return registration;
        });
        if (added) notifier.notify(alumniMail(added));
        return c.json({ message: REGISTERED }, 201);
      },
    )
    .get(
      '/admin/alumni',
      op({
        tag: 'Personal data',
        summary: 'The alumni registrations',
        description: 'Approved or not. Recorded in the audit log as a look at personal data.',
        permission: 'personalData',
        answers: { 200: { description: 'Every registration, newest first.', schema: z.array(Alumni) } },
      }),
      (c) => {
        noteLook(c, 'alumni.read');
        return c.json(newestAlumniFirst(stores.alumni.data.alumni));
      },
    )
    .get(
      '/admin/alumni/page',
      op({
        tag: 'Personal data',
        summary: 'A page of the alumni registrations',
        description:
          'Newest first, a page at a time, searched with `q` (in the name and the e-mail address), with how many await ' +
          'approval: what the dashboard reads, so that 20,000 registrations are not fetched at once. Recorded in the ' +
          'audit log as a look at personal data.',
        permission: 'personalData',
        query: AdminListQuery,
        answers: {
          200: { description: 'The page, how many there are, match and await approval.', schema: AlumniPage },
        },
      }),
      (c) => {
        const query = AdminListQuery.safeParse(c.req.query());
        if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? 'The query is not valid');
        noteLook(c, 'alumni.read');
        const alumni = stores.alumni.data.alumni;
        const page = pageOf(newestAlumniFirst(alumni), (alumnus) => `${alumnus.fullName} ${alumnus.email}`, query.data);
        return c.json({
          ...page,
          pending: alumni.filter((alumnus) => !alumnus.isApproved).length,
        } satisfies AlumniPage);
      },
    )
    .put(
      '/alumni/:id/approve',
      op({
        tag: 'Personal data',
        summary: 'Approve a registration',
        description: '`isApproved: false` takes the approval back.',
        permission: 'personalData',
        body: AlumniApproval,
        example: { isApproved: true },
        answers: { 200: { description: 'The registration as saved.', schema: Alumni } },
        refusals: { 404: `${GONE}: the id names no registration (deleted meanwhile, perhaps in another tab).` },
      }),
      async (c) => {
        const id = itemIdParam(c, GONE);
        const { isApproved } = await readJson(c, AlumniApproval);
        const { items: alumni } = await list.write((draft) => {
          draft[itemIndex(draft, id, GONE)]!.isApproved = isApproved;
        });
        return c.json(alumni.find((alumnus) => alumnus._id === id));
      },
    )
    .route(
      '/alumni',
      listRoutes({
        list,
        op,
        permission: 'personalData',
        tag: 'Personal data',
        words: { one: 'a registration', many: 'the alumni registrations' },
        item: Alumni,
        gone: GONE,
        answer: newestFirst,
      }),
    );
}

export function newestAlumniFirst(alumni: readonly Alumni[]): Alumni[] {
  return [...alumni].reverse().sort((a, b) => b.registrationDate.localeCompare(a.registrationDate));
}

const isSamePerson = (a: Pick<Alumni, 'email' | 'fullName'>, b: Pick<Alumni, 'email' | 'fullName'>) =>
  a.email.toLowerCase() === b.email.toLowerCase() && a.fullName.toLowerCase() === b.fullName.toLowerCase();
