/**
 * The lock of a DATA_DIR: the server running on that folder listens on a local socket named after
 * it, so that a second server, `npm run restore`, `recover` and `backup` know it is there. A
 * socket, not a file with a PID: the operating system closes it with the process however that
 * ends (kill -9 included, before its parent has reaped it), so a crashed server leaves nothing
 * behind and restarts at once, and the bind itself refuses a second holder (no check-then-write
 * race between two starting servers). The holder answers a connection with its PID.
 *
 * On Linux the socket is in the abstract namespace and on Windows a named pipe: neither is a file.
 * Elsewhere it is DATA_DIR/server.sock; one nobody answers on is left from a crash and replaced.
 */
import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';

/** The socket file on systems without abstract sockets or named pipes (restore leaves it alone). */
export const LOCK_SOCKET = 'server.sock';
/** How long a connected holder has to say its PID. */
const ANSWER_MS = 5_000;
/** How long taking the lock waits for a holder that is ending. */
const GIVE_UP_MS = 3_000;
/** The lock servers of this process, kept open (and referenced) for its whole life. */
const held = new Set<Server>();

/** Where the lock of `dataDir` listens: the same for every name of the folder (symlinks). */
function lockAddress(dataDir: string): string {
  let folder = resolve(dataDir);
  try {
    folder = realpathSync(folder);
  } catch {}
  const name = `school-website-${createHash('sha256').update(folder).digest('hex').slice(0, 32)}`;
  if (process.platform === 'linux') return `\0${name}`;
  if (process.platform === 'win32') return `\\\\.\\pipe\\${name}`;
  return join(folder, LOCK_SOCKET);
}

/** Whether the address is a file that outlives its process (and may be stale). */
const isFile = (address: string) => !address.startsWith('\0') && !address.startsWith('\\\\');

/**
 * The PID of the process holding the lock of `dataDir`, or null when none does. A holder that
 * accepts the connection but says nothing in time is an error, not "free": nothing may touch the
 * folder then.
 */
export function lockHolder(dataDir: string): Promise<number | null> {
  return new Promise((resolvePid, reject) => {
    const socket = connect(lockAddress(dataDir));
    let answer = '';
    let connected = false;
    const done = (settle: () => void) => {
      clearTimeout(timer);
      socket.destroy();
      settle();
    };
    const timer = setTimeout(
      () => done(() => reject(new Error(`The server holding ${dataDir} does not say who it is.`))),
      ANSWER_MS,
    );
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const line = /^(\d+)\n/.exec(answer);
      if (line) done(() => resolvePid(Number(line[1])));
    });
    socket.on('end', () =>
      done(() => reject(new Error(`The server holding ${dataDir} answered "${answer.trim()}", not its PID.`))),
    );
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // Nobody listening (ECONNREFUSED: a socket file left by a crash), no socket at all, or a
      // holder ending as it was reached (ECONNRESET before any answer: a process killed a moment ago).
      const gone = ['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '') && !connected;
      if (gone || (error.code === 'ECONNRESET' && answer === '')) done(() => resolvePid(null));
      else done(() => reject(error));
    });
  });
}

/**
 * Takes the lock of `dataDir` for this process, until it ends: answers null, or the PID of the
 * process that holds it. The lock never keeps the process alive.
 */
export async function takeLock(dataDir: string): Promise<number | null> {
  const address = lockAddress(dataDir);
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(`${process.pid}\n`);
    });
    const error = await new Promise<NodeJS.ErrnoException | null>((settle) => {
      server.once('error', settle);
      server.listen(address, () => settle(null));
    });
    if (!error) {
      // A failed accept (too many open files) must not end the server.
      server.on('error', () => {});
      server.unref();
      held.add(server);
      // The PID file of the former lock decides nothing any more.
      rmSync(join(dataDir, 'server.lock'), { force: true });
      return null;
    }
    if (error.code !== 'EADDRINUSE') throw error;
    const holder = await lockHolder(dataDir);
    if (holder !== null) return holder;
    // Its holder is ending (a process killed a moment ago closes its files last), or left its
    // socket file behind: take it over.
    if (Date.now() > deadline) throw new Error(`Could not take the lock of ${dataDir}.`);
    if (isFile(address)) await rm(address, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
