/**
 * E-mails to the school office and to its subscribers, sent with nodemailer over SMTP. Sending never holds up an answer:
 * `notify` returns at once, and a mail that cannot be sent is tried again a few times, further
 * apart each time, then given up. Failures are logged without the mail's personal details.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import type { MailSettings } from '../config.ts';

export interface Mail {
  /** What the mail is about, for the log (never personal details): "contact message". */
  kind: string;
  subject: string;
  text: string;
  /** The same as HTML, for the mail programs that show it (subscribers' mails). */
  html?: string;
  /** To a subscriber, from the school by its name; absent: to the office. */
  to?: { address: string; fromName: string };
  /** Where a `POST` of `List-Unsubscribe=One-Click` unsubscribes the recipient (RFC 8058). */
  unsubscribeUrl?: string;
  /** Where the office's reply goes: the person who wrote. */
  replyTo?: { name: string; address: string };
  /** Whom and which record it is about: for a person's requests and for retention, never for logs. */
  about?: { record: string; email: string; phone: string };
}

/** A mail not sent yet: waiting for its next attempt. */
export interface QueuedMail {
  mail: Mail;
  queuedAt: string;
}

export interface Notifier {
  /** Whether mails leave at all: false when no mail server is configured. */
  readonly sends: boolean;
  /** Sends `mail` in the background. */
  notify(mail: Mail): void;
  /** Resolves once every mail handed over so far was sent or given up. */
  settled(): Promise<void>;
  /** The mails not sent yet. */
  queued(): QueuedMail[];
  /** Gives up the mails not sent yet that `match` (their person asked, or their record is gone); answers how many. */
  forget(match: (mail: Mail) => boolean): number;
}

/** Waits before the 2nd, 3rd… attempt: a server that is briefly down gets a few minutes. */
export const RETRY_DELAYS_MS = [2_000, 15_000, 60_000, 300_000] as const;

/** When no mail is configured. */
export const noMail: Notifier = {
  sends: false,
  notify: () => {},
  settled: async () => {},
  queued: () => [],
  forget: () => 0,
};

export function mailNotifier(
  settings: Pick<MailSettings, 'smtpUrl' | 'to' | 'from'>,
  retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
): Notifier {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    // nodemailer's defaults wait minutes for a server that does not answer.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const pending = new Set<Promise<void>>();
  const waiting = new Map<Mail, QueuedMail>();

  async function deliver(mail: Mail) {
    const message = nodemailerMessage(settings, mail);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await transport.sendMail(message);
        return;
      } catch (error) {
        if (!waiting.has(mail)) return; // forgotten while it was being tried
        const wait = retryDelaysMs[attempt - 1];
        if (wait === undefined) {
          console.error(
            `The e-mail about a ${mail.kind} could not be sent after ${attempt} attempts and is given up (${reason(error)}). It is kept in the dashboard.`,
          );
          return;
        }
        console.warn(
          `The e-mail about a ${mail.kind} could not be sent (${reason(error)}); trying again in ${wait / 1000} s.`,
        );
        await sleep(wait, undefined, { ref: false });
        if (!waiting.has(mail)) return; // forgotten meanwhile: never sent
      }
    }
  }

  return {
    sends: true,
    notify(mail) {
      waiting.set(mail, { mail, queuedAt: new Date().toISOString() });
      const delivery = deliver(mail).finally(() => {
        waiting.delete(mail);
        pending.delete(delivery);
      });
      pending.add(delivery);
    },
    async settled() {
      await Promise.all(pending);
    },
    queued: () => [...waiting.values()],
    forget(match) {
      let forgotten = 0;
      for (const mail of waiting.keys()) {
        if (match(mail)) {
          waiting.delete(mail);
          forgotten += 1;
        }
      }
      return forgotten;
    },
  };
}

/** `mail` as nodemailer sends it: to the office from `settings.from`, or to a subscriber from the school. */
export function nodemailerMessage(settings: Pick<MailSettings, 'to' | 'from'>, mail: Mail) {
  return {
    from: mail.to ? { name: oneLine(mail.to.fromName), address: settings.from } : settings.from,
    to: mail.to?.address ?? settings.to,
    replyTo: mail.replyTo,
    subject: oneLine(mail.subject),
    text: mail.text,
    html: mail.html,
    ...(mail.unsubscribeUrl && {
      list: { unsubscribe: mail.unsubscribeUrl },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }),
  };
}

const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

function reason(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}
