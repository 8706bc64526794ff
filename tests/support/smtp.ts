/**
 * A real SMTP server in the test's own process (smtp-server), which keeps every mail it accepts,
 * parsed. `refuse` makes it turn mails away, to see the product try again; `unknownAddresses`
 * refuses some recipients for good, as a mailbox that does not exist bounces.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface TestMailServer {
  /** `smtp://user:pass@127.0.0.1:<port>`, as SMTP_URL. */
  url: string;
  mails: ParsedMail[];
  /** Mails turned away so far. */
  refused: number;
  /** How many of the next mails to turn away (a temporary failure, 451). */
  refuse: number;
  /** Addresses refused for good (550 No such user), as a bounce. */
  unknownAddresses: Set<string>;
  /** The first mail whose subject matches, waiting for it at most `timeoutMs`. */
  waitFor(subject: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<TestMailServer> {
  const state: TestMailServer = {
    url: '',
    mails: [],
    refused: 0,
    refuse: 0,
    unknownAddresses: new Set(),
    async waitFor(subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = state.mails.find((m) => subject.test(m.subject ?? ''));
        if (mail) return mail;
        if (Date.now() > deadline) {
          const seen = state.mails.map((m) => m.subject).join(', ') || 'none';
          throw new Error(`No mail matching ${subject} within ${timeoutMs} ms (received: ${seen})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'user' && auth.password === 'pass') return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (!state.unknownAddresses.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      if (state.refuse > 0) {
        state.refuse -= 1;
        state.refused += 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          state.mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that vanishes (a server killed while sending) resets its connection: nothing to report.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') console.error('The test mail server:', error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://user:pass@127.0.0.1:${port}`;
  return state;
}

/**
 * The office's mail server for a test file, started and closed by the file's own hooks, so that
 * files do not each write them. Call it before `testServer`: its hooks then run first, and `env`
 * (for the server) holds SMTP_URL by the time the server starts. `refuse` is set at the start.
 */
export function officeMailServer(options: { notifyEmail?: string; refuse?: number } = {}) {
  let server: TestMailServer | undefined;
  const env = { SMTP_URL: '', NOTIFY_EMAIL: options.notifyEmail ?? 'office@sunridge.example' };
  beforeAll(async () => {
    server = await startMailServer();
    server.refuse = options.refuse ?? 0;
    env.SMTP_URL = server.url;
  });
  afterAll(() => server?.close());
  return {
    env,
    /** The running mail server: there from the file's first hook on. */
    get smtp(): TestMailServer {
      if (!server) throw new Error('The mail server starts in the first beforeAll hook: use it in a hook or a test');
      return server;
    },
  };
}
