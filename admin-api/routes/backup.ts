import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { noteLook } from '../audit/record-changes.ts';
import { requireRole } from '../auth/require-admin.ts';
import { backupName, writeBackup } from '../backup/backup-archive.ts';
import { HttpError } from '../http/errors.ts';

/** GET /api/admin/backup: the whole school as one .tar.gz (see backup/backup-archive.ts). */
export function backupRoutes({ stores, jwtSecret, history, backupFolders }: AppDeps) {
  const allowed = requireRole(jwtSecret, stores.admins, 'accounts');
  return new Hono().get('/admin/backup', allowed, async (c) => {
    if (!backupFolders) throw new HttpError(404, 'Backups are not made here');
    const { dataDir, uploadsDir } = backupFolders;
    const file = join(dataDir, `.backup-${randomUUID()}.tar.gz`);
    await writeBackup({ dataDir, uploadsDir, stores, history }, file);
    // A backup holds everyone's personal data: taking one is a look at it.
    noteLook(c, 'backup.download');
    const stream = createReadStream(file);
    stream.on('close', () => void rm(file, { force: true }));
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${backupName()}"`,
      'Cache-Control': 'no-store',
    });
  });
}
