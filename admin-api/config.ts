import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  dataDir: string;
  uploadsDir: string;
  /** When unset, a random secret is generated on first start and kept in the data folder. */
  jwtSecret: string | undefined;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
  trustProxy: boolean;
}

/** Reads the configuration contract of the README from the environment. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT),
    dataDir: resolve(env.DATA_DIR || 'data'),
    uploadsDir: resolve(env.UPLOADS_DIR || 'uploads'),
    jwtSecret: env.JWT_SECRET || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 5000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a number from 0 to 65535, not "${value}"`);
  }
  return port;
}
