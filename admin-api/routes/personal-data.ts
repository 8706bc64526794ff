import { type Context, Hono } from 'hono';
import { uniqueSymbol } from 'hono-openapi';
import * as z from 'zod';
import { Alumni } from '../../site/contract/alumni.ts';
import { InboxMessage } from '../../site/contract/contact.ts';
import {
  Erased,
  PersonExportQuery,
  PersonQuery,
  personalDataFound,
  RetentionAnswer,
  RetentionSettings,
} from '../../site/contract/personal-data.ts';
import { SubscriptionFound } from '../../site/contract/subscriptions.ts';
import { countLabel } from '../../site/lib/display-format.ts';
import { recordCounts } from '../../site/lib/personal-data-text.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit, noteLook } from '../audit/record-changes.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { csvAnswer } from '../http/csv.ts';
import { readJson, validate } from '../http/json-body.ts';
import { operations } from '../openapi/operation.ts';
import { queryKey } from '../privacy/person.ts';
import { erasePerson, type PersonRecords, recordsAbout } from '../privacy/person-records.ts';
import { dueNow, nextSweepAt } from '../privacy/retention.ts';
import { contentWriter } from '../workflow/content-writer.ts';
import { ALUMNI_COLUMNS, MESSAGE_COLUMNS, SUBSCRIPTION_COLUMNS } from './exports.ts';

/**
 * A person's requests, answered in one place (Administrators and the Office): everything kept
 * about them, found by e-mail address or phone number (`?email=` or `?phone=`); all of it as one
 * file; all of it erased. And how long personal data is kept: the settings (changed by
 * Administrators) and what the next sweep removes. Searches and exports are recorded in the audit
 * log as looks at personal data, an erasure by its number and counts: never the address searched.
 */
export function personalDataRoutes(deps: AppDeps) {
  const { stores, notifier } = deps;
  const op = operations(deps);
  const write = contentWriter(deps);
  const keyOf = (c: Context) => queryKey(validate(PersonQuery, c.req.query()));
  const found = (c: Context) => recordsAbout(stores, notifier, keyOf(c));
  const how = (c: Context) => (c.req.query('email') ? 'by e-mail address' : 'by phone number');
  const retention = (): RetentionAnswer => ({
    settings: stores.content.data.retention,
    nextSweep: { at: new Date(nextSweepAt()).toISOString(), ...dueNow(deps) },
  });

  const looked = 'Recorded in the audit log as a look at personal data (never the address or number searched).';
  const retentionAnswer = {
    200: { description: 'The periods, and what the next sweep removes.', schema: RetentionAnswer },
  };

  return new Hono<AdminEnv>()
    .get(
      '/admin/personal-data',
      op({
        tag: 'Personal data',
        summary: 'Everything kept about a person',
        description: `Their alumni registrations, contact messages, e-mail subscriptions and the e-mails about them not sent yet, found by the e-mail address or the phone number they gave (one of the two). ${looked}`,
        permission: 'personalData',
        query: PersonQuery,
        answers: { 200: { description: 'What is kept about them, newest first.', schema: PersonalDataFound } },
      }),
      (c) => {
        const records = found(c);
        noteLook(c, 'personal-data.search', how(c));
        return c.json(records);
      },
    )
    .get(
      '/admin/personal-data/export',
      withCsv(
        op({
          tag: 'Personal data',
          summary: "Download a person's records",
          description: `What GET /api/admin/personal-data finds, as a file: JSON, or one spreadsheet of every record with \`format=csv\`. ${looked}`,
          permission: 'personalData',
          query: PersonExportQuery,
          answers: {
            200: {
              description: 'The file: JSON, or `text/csv` with `format=csv`.',
              schema: PersonalDataFound.extend({ exportedAt: z.string() }),
              headers: { 'Content-Disposition': '`attachment; filename="…"`, with the date.' },
            },
          },
        }),
      ),
      (c) => {
        const records = found(c);
        const format = c.req.query('format') ?? 'json';
        noteLook(c, 'personal-data.export', `${how(c)}, ${format}`);
        const name = `personal-data-${new Date().toISOString().slice(0, 10)}`;
        if (format === 'csv') return csvAnswer(c, `${name}.csv`, RECORD_COLUMNS, recordRows(records));
        return c.body(JSON.stringify({ exportedAt: new Date().toISOString(), ...records }, null, 2), 200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': contentDisposition('attachment', `${name}.json`),
        });
      },
    )
    .delete(
      '/admin/personal-data',
      op({
        tag: 'Personal data',
        summary: "Erase a person's records",
        description:
          'Removes every alumni registration, contact message and e-mail subscription of the person, and the e-mails about them not sent yet; the erasure is remembered (as salted hashes), so a restored backup gives nothing of it back. ' +
          'The audit log keeps its number and counts, never the address or number.',
        permission: 'personalData',
        query: PersonQuery,
        answers: { 200: { description: 'What was erased, under the number of the request.', schema: Erased } },
      }),
      async (c) => {
        const erased = await erasePerson(deps, keyOf(c));
        noteForAudit(c, { target: `${erased.request}: ${recordCounts(erased.erased)}` });
        return c.json(erased);
      },
    )
    .get(
      '/admin/retention',
      op({
        tag: 'Personal data',
        summary: 'How long personal data is kept',
        description: 'The periods, and how many records the next sweep removes (it runs every few hours).',
        permission: 'personalData',
        answers: retentionAnswer,
      }),
      (c) => c.json(retention()),
    )
    .put(
      '/admin/retention',
      op({
        tag: 'Personal data',
        summary: 'Change how long personal data is kept',
        description: 'The privacy page states the new periods; the next sweep removes what is older.',
        permission: 'retention',
        body: RetentionSettings,
        example: { messageMonths: 12, pendingAlumniDays: 90, backupDays: 30 },
        answers: retentionAnswer,
      }),
      async (c) => {
        const settings = await readJson(c, RetentionSettings);
        await write((draft) => {
          draft.retention = settings;
        });
        noteForAudit(c, {
          target: `messages ${countLabel(settings.messageMonths, 'month')}, registrations never approved ${countLabel(settings.pendingAlumniDays, 'day')}, backups ${countLabel(settings.backupDays, 'day')}`,
        });
        return c.json(retention());
      },
    );
}

/** GET /api/admin/personal-data */
const PersonalDataFound = personalDataFound(Alumni, InboxMessage, SubscriptionFound);

/**
 * `described` also answering a CSV file (`?format=csv`) with 200: one status of two media types,
 * which `op` describes only one of.
 */
function withCsv<M extends object>(described: M): M {
  const { spec } = (
    described as Record<typeof uniqueSymbol, { spec: { responses: Record<string, { content: object }> } }>
  )[uniqueSymbol];
  spec.responses['200']!.content = {
    ...spec.responses['200']!.content,
    'text/csv': { schema: { type: 'string', format: 'binary' } },
  };
  return described;
}

/** The kinds of record a person's spreadsheet has, each with its columns and its records. */
const RECORD_KINDS = [
  { kind: 'alumni registration', heading: 'Registration', columns: ALUMNI_COLUMNS, of: (r: PersonRecords) => r.alumni },
  { kind: 'contact message', heading: 'Message', columns: MESSAGE_COLUMNS, of: (r: PersonRecords) => r.messages },
  {
    kind: 'e-mail subscription',
    heading: 'Subscription',
    columns: SUBSCRIPTION_COLUMNS,
    of: (r: PersonRecords) => r.subscriptions,
  },
] as const;

/** One row per record, whichever kind, in one spreadsheet: the columns of every kind. */
type Row = { kind: (typeof RECORD_KINDS)[number]['kind']; cells: string[] };
const RECORD_COLUMNS: [string, (row: Row) => string][] = [
  ['Record', (row) => row.kind],
  ...RECORD_KINDS.flatMap(({ kind, heading, columns }) =>
    columns.map(([name], index): [string, (row: Row) => string] => [
      `${heading}: ${name}`,
      (row) => (row.kind === kind ? row.cells[index]! : ''),
    ]),
  ),
];

function recordRows(records: PersonRecords): Row[] {
  return RECORD_KINDS.flatMap(({ kind, columns, of }) =>
    (of(records) as object[]).map((record) => ({
      kind,
      cells: (columns as readonly [string, (record: object) => string][]).map(([, cell]) => cell(record)),
    })),
  );
}
