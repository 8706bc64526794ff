/**
 * DATA_DIR/server.lock holds the PID of the server running on that folder, so that `npm run
 * restore` never writes under a running server. A lock whose process is gone is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const lockFile = (dataDir: string) => join(dataDir, 'server.lock');

/** The PID of a live process holding the lock of `dataDir`, or null. */
export function lockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Takes the lock for this process (answers the PID of a live holder instead); released on exit. */
export function takeLock(dataDir: string): number | null {
  const holder = lockHolder(dataDir);
  if (holder !== null) return holder;
  writeFileSync(lockFile(dataDir), `${process.pid}\n`);
  process.on('exit', () => {
    if (lockHolder(dataDir) === null) rmSync(lockFile(dataDir), { force: true });
  });
  return null;
}
