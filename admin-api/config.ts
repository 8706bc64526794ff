import { resolve } from 'node:path';

/** Where the office is e-mailed from and to (mail/notifier.ts). */
export interface MailSettings {
  /** `smtp://user:pass@host:587` or `smtps://…:465` */
  smtpUrl: string;
  to: string;
  from: string;
  /** MAIL_RATE: the subscribers' e-mails sent per second at most (default 10). */
  rate: number;
}

export interface ServerConfig {
  port: number;
  dataDir: string;
  uploadsDir: string;
  /** When unset, a random secret is generated on first start and kept in the data folder. */
  jwtSecret: string | undefined;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
  trustProxy: boolean;
  /** SMTP_URL and NOTIFY_EMAIL (MAIL_FROM optional): e-mail the office; null when unset. */
  mail: MailSettings | null;
  /** SITE_URL: the public address the pages, feeds and sitemap name themselves by (no trailing `/`). */
  siteUrl: string;
  /** PUSH_ENDPOINT_HOSTS: push services besides the browsers' that notifications may go to. */
  pushEndpointHosts: string[];
}

/** Reads the configuration contract (docs/configuration.md) from the environment. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = parsePort(env.PORT);
  return {
    port,
    dataDir: resolve(env.DATA_DIR || 'data'),
    uploadsDir: resolve(env.UPLOADS_DIR || 'uploads'),
    jwtSecret: env.JWT_SECRET || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    mail: parseMail(env),
    siteUrl: parseSiteUrl(env.SITE_URL, port),
    pushEndpointHosts: parseEndpointHosts(env.PUSH_ENDPOINT_HOSTS),
  };
}

function parseSiteUrl(value: string | undefined, port: number): string {
  const text = value?.trim();
  if (!text) return `http://localhost:${port}`;
  const url = URL.parse(text);
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error(`SITE_URL must be the site's public address, like https://www.school.example, not "${text}"`);
  }
  return url.href.replace(/\/+$/, '');
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

function parseMail(env: NodeJS.ProcessEnv): MailSettings | null {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  const to = env.NOTIFY_EMAIL?.trim() || undefined;
  if (!smtpUrl && !to) return null;
  if (!smtpUrl || !to) {
    throw new Error('Set both SMTP_URL and NOTIFY_EMAIL to e-mail the office about new messages, or neither');
  }
  if (!/^smtps?:$/.test(URL.parse(smtpUrl)?.protocol ?? '')) {
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 (or smtps://… for port 465)');
  }
  const from = env.MAIL_FROM?.trim() || to;
  for (const [name, address] of [
    ['NOTIFY_EMAIL', to],
    ['MAIL_FROM', from],
  ]) {
    if (!ADDRESS.test(address!)) throw new Error(`${name} must be an e-mail address, not "${address}"`);
  }
  return { smtpUrl, to, from, rate: parseRate(env.MAIL_RATE) };
}

/** The subscribers' e-mails a second, when MAIL_RATE does not say: what most mail services take from one sender. */
export const DEFAULT_MAIL_RATE = 10;

function parseRate(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_MAIL_RATE;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 1000) {
    throw new Error(
      `MAIL_RATE must be the e-mails to send per second, a number above 0 and at most 1000, not "${value}"`,
    );
  }
  return rate;
}

/** PUSH_ENDPOINT_HOSTS: a comma-separated list of host names. */
function parseEndpointHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 5000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a number from 0 to 65535, not "${value}"`);
  }
  return port;
}
