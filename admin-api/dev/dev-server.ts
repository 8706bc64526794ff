/**
 * `npm run dev`: the site under Astro's dev server (hot reload) on the content in `DATA_DIR`, with
 * the API beside it so the islands and the dashboard work. A data folder without content gets the
 * demo content first. Pages are rendered on request from the content as it is on disk, so nothing
 * is published: the dashboard always says the site is live.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { dev } from 'astro';
import type { BuildStatus } from '../../site/contract/api.ts';
import { createApp } from '../app.ts';
import { AuditLog, auditFile } from '../audit/audit-log.ts';
import { loadJwtSecret } from '../auth/jwt-secret.ts';
import { readConfig } from '../config.ts';
import { DocumentStore } from '../documents/document-store.ts';
import { ImageStore } from '../images/image-store.ts';
import { mailNotifier, noMail } from '../mail/notifier.ts';
import { contentFile, openStores } from '../store/stores.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = readConfig({ ...process.env, PORT: process.env.PORT ?? '4321' });
await mkdir(config.dataDir, { recursive: true, mode: 0o700 });

if (!existsSync(contentFile(config.dataDir))) {
  console.log(`${config.dataDir} has no content yet: filling it with the demo content.`);
  const seeded = spawnSync(process.execPath, ['admin-api/seed-demo.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: '0', DATA_DIR: config.dataDir, UPLOADS_DIR: config.uploadsDir },
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

const ALWAYS_LIVE: BuildStatus = {
  state: 'ok',
  live: true,
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  error: null,
  buildCount: 0,
};
const app = createApp({
  stores: await openStores(config.dataDir),
  jwtSecret: await loadJwtSecret(config.jwtSecret, config.dataDir),
  publisher: { status: ALWAYS_LIVE },
  images: new ImageStore(config.uploadsDir),
  documents: new DocumentStore(config.uploadsDir),
  notifier: config.mail ? mailNotifier(config.mail) : noMail,
  trustProxy: false,
  audit: await AuditLog.open(auditFile(config.dataDir)),
});
const api = createServer(getRequestListener(app.fetch));
await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
process.env.SCHOOL_DEV_API = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const site = await dev({ root, server: { port: config.port } });
console.log(`Developing on http://localhost:${site.address.port} (content from ${config.dataDir})`);
