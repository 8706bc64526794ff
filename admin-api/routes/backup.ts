import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { noteLook } from '../audit/record-changes.ts';
import { backupName, writeBackup } from '../backup/backup-archive.ts';
import { HttpError } from '../http/errors.ts';
import { operations } from '../openapi/operation.ts';

/** GET /api/admin/backup: the whole school as one .tar.gz (see backup/backup-archive.ts). */
export function backupRoutes(deps: AppDeps) {
  const { stores, history, backupFolders } = deps;
  const op = operations(deps);
  return new Hono().get(
    '/admin/backup',
    op({
      tag: 'History',
      summary: 'Download a backup',
      description:
        'The whole school as one `.tar.gz`: the content and its history, the accounts, the personal data, the audit log and the uploaded files. ' +
        'It holds everyone’s personal data: taking one is recorded in the audit log.',
      permission: 'accounts',
      answers: {
        200: {
          description: 'The backup, as a file to save.',
          media: 'application/gzip',
          headers: { 'Content-Disposition': '`attachment; filename="…"`: the name of the backup, with its date.' },
        },
      },
      refusals: { 404: 'Backups are not made by this server (it keeps no data folder of its own).' },
    }),
    async (c) => {
      if (!backupFolders) throw new HttpError(404, 'Backups are not made here');
      const { dataDir, uploadsDir } = backupFolders;
      const file = join(dataDir, `.backup-${randomUUID()}.tar.gz`);
      await writeBackup({ dataDir, uploadsDir, stores, history }, file);
      // A backup holds everyone's personal data: taking one is a look at it.
      noteLook(c, 'backup.download');
      // The archive leaves the data folder as soon as it is open, its bytes readable through the
      // open file: nothing holding everyone's personal data lingers there while it downloads.
      const archive = await open(file);
      await rm(file, { force: true });
      const stream = archive.createReadStream();
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="${backupName()}"`,
        'Cache-Control': 'no-store',
      });
    },
  );
}
