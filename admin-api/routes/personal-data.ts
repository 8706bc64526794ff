import { type Context, Hono } from 'hono';
import { PersonQuery, type RetentionAnswer, RetentionSettings } from '../../site/contract/personal-data.ts';
import { countLabel } from '../../site/lib/display-format.ts';
import type { AppDeps } from '../app-deps.ts';
import { noteForAudit, noteLook } from '../audit/record-changes.ts';
import { type AdminEnv, permissions } from '../auth/require-admin.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { csvAnswer } from '../http/csv.ts';
import { readJson, validate } from '../http/json-body.ts';
import { queryKey } from '../privacy/person.ts';
import { erasePerson, type PersonRecords, recordsAbout } from '../privacy/person-records.ts';
import { dueNow, SWEEP_EVERY_MS } from '../privacy/retention.ts';
import { contentWriter } from '../store/content-writer.ts';
import { ALUMNI_COLUMNS, MESSAGE_COLUMNS } from './exports.ts';

/**
 * A person's requests, answered in one place (Administrators and the Office): everything kept
 * about them, found by e-mail address or phone number (`?email=` or `?phone=`); all of it as one
 * file; all of it erased. And how long personal data is kept: the settings (changed by
 * Administrators) and what the next sweep removes. Searches and exports are recorded in the audit
 * log as looks at personal data, an erasure by its number and counts: never the address searched.
 */
export function personalDataRoutes(deps: AppDeps) {
  const { stores, notifier } = deps;
  const allow = permissions(deps);
  const write = contentWriter(deps);
  const keyOf = (c: Context) => queryKey(validate(PersonQuery, c.req.query()));
  const found = (c: Context) => recordsAbout(stores, notifier, keyOf(c));
  const how = (c: Context) => (c.req.query('email') ? 'by e-mail address' : 'by phone number');
  const retention = (): RetentionAnswer => ({
    settings: stores.content.data.retention,
    nextSweep: { at: new Date(Date.now() + SWEEP_EVERY_MS).toISOString(), ...dueNow(deps) },
  });

  return new Hono<AdminEnv>()
    .get('/admin/personal-data', allow('personalData'), (c) => {
      const records = found(c);
      noteLook(c, 'personal-data.search', how(c));
      return c.json(records);
    })
    .get('/admin/personal-data/export', allow('personalData'), (c) => {
      const records = found(c);
      const format = c.req.query('format') ?? 'json';
      noteLook(c, 'personal-data.export', `${how(c)}, ${format}`);
      const name = `personal-data-${new Date().toISOString().slice(0, 10)}`;
      if (format === 'csv') return csvAnswer(c, `${name}.csv`, RECORD_COLUMNS, recordRows(records));
      return c.body(JSON.stringify({ exportedAt: new Date().toISOString(), ...records }, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': contentDisposition('attachment', `${name}.json`),
      });
    })
    .delete('/admin/personal-data', allow('personalData'), async (c) => {
      const erased = await erasePerson(deps, keyOf(c));
      const { alumni, messages, pendingMails } = erased.erased;
      noteForAudit(c, {
        target: `${erased.request}: ${countLabel(alumni, 'registration')}, ${countLabel(messages, 'message')}, ${countLabel(pendingMails, 'e-mail')} not sent`,
      });
      return c.json(erased);
    })
    .get('/admin/retention', allow('personalData'), (c) => c.json(retention()))
    .put('/admin/retention', allow('retention'), async (c) => {
      const settings = await readJson(c, RetentionSettings);
      await write((draft) => {
        draft.retention = settings;
      });
      noteForAudit(c, {
        target: `messages ${countLabel(settings.messageMonths, 'month')}, registrations never approved ${countLabel(settings.pendingAlumniDays, 'day')}, backups ${countLabel(settings.backupDays, 'day')}`,
      });
      return c.json(retention());
    });
}

/** One row per record, whichever kind, in one spreadsheet: the columns of both exports. */
type Row = { kind: 'alumni registration' | 'contact message'; cells: string[] };
const RECORD_COLUMNS: [string, (row: Row) => string][] = [
  ['Record', (row) => row.kind],
  ...ALUMNI_COLUMNS.map(([heading], index): [string, (row: Row) => string] => [
    `Registration: ${heading}`,
    (row) => (row.kind === 'alumni registration' ? row.cells[index]! : ''),
  ]),
  ...MESSAGE_COLUMNS.map(([heading], index): [string, (row: Row) => string] => [
    `Message: ${heading}`,
    (row) => (row.kind === 'contact message' ? row.cells[index]! : ''),
  ]),
];

function recordRows({ alumni, messages }: PersonRecords): Row[] {
  return [
    ...alumni.map((alumnus) => ({
      kind: 'alumni registration' as const,
      cells: ALUMNI_COLUMNS.map(([, cell]) => cell(alumnus)),
    })),
    ...messages.map((message) => ({
      kind: 'contact message' as const,
      cells: MESSAGE_COLUMNS.map(([, cell]) => cell(message)),
    })),
  ];
}
