import { Hono } from 'hono';
import type { Alumni } from '../../site/contract/alumni.ts';
import type { InboxMessage } from '../../site/contract/contact.ts';
import type { Consent } from '../../site/contract/personal-data.ts';
import type { SubscriptionFound } from '../../site/contract/subscriptions.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteLook } from '../audit/record-changes.ts';
import { type Column, csvAnswer } from '../http/csv.ts';
import { type Answer, operations } from '../openapi/operation.ts';
import { newestAlumniFirst } from './alumni.ts';
import { newestMessagesFirst } from './contact.ts';

/** The consent a record keeps, in the words of a spreadsheet. */
const CONSENT_COLUMNS: Column<{ consent: Consent }>[] = [
  ['Consent given', (r) => r.consent?.givenAt ?? 'not recorded'],
  ['Privacy notice agreed to', (r) => r.consent?.notice ?? ''],
];

export const MESSAGE_COLUMNS: Column<InboxMessage>[] = [
  ['Received', (m) => m.receivedAt],
  ['Name', (m) => m.name],
  ['Email', (m) => m.email],
  ['Phone', (m) => m.phone],
  ['Subject', (m) => m.subject],
  ['Message', (m) => m.message],
  ['Read', (m) => (m.read ? 'yes' : 'no')],
  ...CONSENT_COLUMNS,
];

export const SUBSCRIPTION_COLUMNS: Column<SubscriptionFound>[] = [
  ['Subscribed', (s) => s.createdAt],
  ['Email', (s) => s.email],
  ['Topics', (s) => s.topics.join(', ')],
  ['Frequency', (s) => s.frequency],
  ['Language', (s) => s.language],
  ['Confirmed', (s) => s.confirmedAt ?? 'not confirmed'],
  ['Bounces', (s) => String(s.bounces)],
  ['Suspended', (s) => s.suspendedAt ?? ''],
  ['Devices notified', (s) => String(s.devices.length)],
  ...CONSENT_COLUMNS,
];

export const ALUMNI_COLUMNS: Column<Alumni>[] = [
  ['Registered', (a) => a.registrationDate],
  ['Full name', (a) => a.fullName],
  ['Gender', (a) => a.gender],
  ['Mobile', (a) => a.mobile],
  ['Email', (a) => a.email],
  ['Address', (a) => a.address],
  ['Period of study', (a) => a.periodOfStudy],
  ['Qualification', (a) => a.qualification],
  ['Occupation', (a) => a.occupation],
  ['Company name', (a) => a.companyName],
  ['Company address', (a) => a.companyAddress],
  ['Message', (a) => a.message],
  ['Status', (a) => (a.isApproved ? 'APPROVED' : 'PENDING')],
  ...CONSENT_COLUMNS,
];

/** The contact messages and the alumni registrations as spreadsheets (administrators only). */
export function exportRoutes(deps: AppDeps) {
  const { stores } = deps;
  const op = operations(deps);
  const today = () => new Date().toISOString().slice(0, 10);
  const spreadsheet = (what: string): Record<number, Answer> => ({
    200: {
      description: `${what}, newest first, one row each (UTF-8, with the consent each was given).`,
      media: 'text/csv',
      headers: { 'Content-Disposition': '`attachment; filename="…"`, with the date.' },
    },
  });
  const looked = 'Taking it is recorded in the audit log as a look at personal data.';
  return new Hono()
    .get(
      '/admin/messages.csv',
      op({
        tag: 'Personal data',
        summary: 'The contact messages as a spreadsheet',
        description: looked,
        permission: 'personalData',
        answers: spreadsheet('Every contact message'),
      }),
      (c) => {
        noteLook(c, 'messages.export');
        return csvAnswer(
          c,
          `messages-${today()}.csv`,
          MESSAGE_COLUMNS,
          newestMessagesFirst(stores.messages.data.messages),
        );
      },
    )
    .get(
      '/admin/alumni.csv',
      op({
        tag: 'Personal data',
        summary: 'The alumni registrations as a spreadsheet',
        description: looked,
        permission: 'personalData',
        answers: spreadsheet('Every alumni registration, approved or not'),
      }),
      (c) => {
        noteLook(c, 'alumni.export');
        return csvAnswer(c, `alumni-${today()}.csv`, ALUMNI_COLUMNS, newestAlumniFirst(stores.alumni.data.alumni));
      },
    );
}
