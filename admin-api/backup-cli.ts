/**
 * npm run backup -- FILE: writes a backup archive of DATA_DIR and UPLOADS_DIR (as the dashboard's
 * "Download backup"). npm run restore -- FILE [--force]: restores one, with the server stopped.
 */
import { resolve } from 'node:path';
import { AuditLog, auditFile } from './audit/audit-log.ts';
import { writeBackup } from './backup/backup-archive.ts';
import { checkArchive, hasFiles, RestoreRefused, restoreArchive } from './backup/restore-archive.ts';
import { lockHolder } from './backup/server-lock.ts';
import { readConfig } from './config.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const file = rest.find((arg) => !arg.startsWith('--'));
const { dataDir, uploadsDir } = readConfig();

if (command === 'backup') {
  if (!file) fail('Name the archive to write: npm run backup -- FILE');
  await writeBackup({ dataDir, uploadsDir }, resolve(file));
  console.log(`The backup was written to ${resolve(file)}.`);
} else if (command === 'restore') {
  if (!file) fail('Name the archive to restore: npm run restore -- FILE [--force]');
  const holder = await lockHolder(dataDir);
  if (holder !== null) fail(`A server (process ${holder}) is running on ${dataDir}. Stop it, then restore.`);
  try {
    await checkArchive(resolve(file));
    if (!force && ((await hasFiles(dataDir)) || (await hasFiles(uploadsDir)))) {
      fail(`${dataDir} or ${uploadsDir} is not empty. Add --force to replace what is there.`);
    }
    const { erasuresSince } = await restoreArchive(resolve(file), dataDir, uploadsDir);
    if (erasuresSince > 0) {
      console.warn(
        `This backup is older than ${erasuresSince} erasure${erasuresSince === 1 ? '' : 's'} of a person's data made since: the server makes ${erasuresSince === 1 ? 'it' : 'them'} again when it starts (DATA_DIR/erasures.json was kept).`,
      );
    }
  } catch (error) {
    if (error instanceof RestoreRefused) fail(error.message);
    throw error;
  }
  const audit = await AuditLog.open(auditFile(dataDir));
  await audit.tryRecord({ username: 'cli', action: 'backup.restore', target: resolve(file), address: 'local' });
  console.log(`The backup was restored into ${dataDir} and ${uploadsDir}. Start the server with npm start.`);
} else {
  fail('Use npm run backup -- FILE, or npm run restore -- FILE [--force].');
}
