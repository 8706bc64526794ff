/**
 * Entry point: reads the environment, opens the stores, makes sure a built site exists, and serves
 * the site, the admin area and the API on one port. SIGTERM/SIGINT finish the writes in flight.
 */
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { AuditLog, auditFile } from './audit/audit-log.ts';
import { loadJwtSecret } from './auth/jwt-secret.ts';
import { takeLock } from './backup/server-lock.ts';
import { readBucketConfig } from './bucket/bucket-config.ts';
import { BucketPublisher } from './bucket/bucket-publisher.ts';
import { readConfig } from './config.ts';
import { DocumentStore } from './documents/document-store.ts';
import { answered, currentSummary, currentUsername } from './history/actor.ts';
import { ContentHistory } from './history/content-history.ts';
import { publicCors } from './http/public-cors.ts';
import { documentUploads, imageUploads, keepUploadsTidy } from './images/housekeeping.ts';
import { ImageStore } from './images/image-store.ts';
import { mailNotifier, noMail } from './mail/notifier.ts';
import { eraseAgainAtStart } from './privacy/person-records.ts';
import { keepPersonalDataInTime } from './privacy/retention.ts';
import { loginVariant } from './publish/login-variant.ts';
import { Publisher } from './publish/publisher.ts';
import { siteListener } from './publish/site-listener.ts';
import { removeTemporaries } from './store/atomic-files.ts';
import { DamagedDataFileError, damagedFileReport } from './store/damaged-file.ts';
import { openStores, settleStores } from './store/stores.ts';
import { startAnnouncing } from './subscriptions/announcing.ts';
import { MailLog } from './subscriptions/mail-log.ts';
import { loadVapidKeys } from './subscriptions/vapid-keys.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = readConfig();
// Accounts and alumni details: readable by the server's user only.
await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
await mkdir(config.uploadsDir, { recursive: true });
const lockHolder = await takeLock(config.dataDir);
if (lockHolder !== null) {
  console.error(`Another server (process ${lockHolder}) is running on ${config.dataDir}. Stop it first.`);
  process.exit(1);
}
// Files this server's data folder had half-written, or kept to delete later, when it stopped.
await removeTemporaries(config.dataDir);

const stores = await openStores(config.dataDir).catch((error: unknown) => {
  if (!(error instanceof DamagedDataFileError)) throw error;
  // A person must read this, not a stack trace; the damaged file stays as it is.
  console.error(damagedFileReport(error));
  process.exit(1);
});
const history = await ContentHistory.open(config.dataDir, stores.content.data, (part) =>
  stores.content.partPieces(part),
);
// Runs inside the change's request: the version is credited to its administrator, and kept once
// the change has been answered.
stores.content.onCommit((next, previous) => {
  void history.record(next, previous, currentUsername(), currentSummary(), answered());
});
const audit = await AuditLog.open(auditFile(config.dataDir));
const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
const images = new ImageStore(config.uploadsDir);
const documents = new DocumentStore(config.uploadsDir);
const bucketConfig = readBucketConfig();
const bucket =
  bucketConfig &&
  new BucketPublisher(bucketConfig, {
    images,
    documents,
    documentAliases: () => stores.content.data.documentAliases,
  });
console.log('Preparing the public site…');
const publisher = await Publisher.open({
  root,
  dataDir: config.dataDir,
  uploadsDir: config.uploadsDir,
  content: stores.content,
  mirror: bucket ?? undefined,
  siteUrl: config.siteUrl,
});

const stopTidying = keepUploadsTidy(stores.content, [imageUploads(images), documentUploads(documents)], (referenced) =>
  history.referencedByKept(referenced),
);
const notifier = config.mail ? mailNotifier(config.mail) : noMail;
// Records of people erased since a restored backup was made go again; then what is past its time.
await eraseAgainAtStart({ stores, notifier, audit });
const stopSweeping = keepPersonalDataInTime({ stores, notifier, audit });
const vapid = await loadVapidKeys(config.dataDir);
const announcing = await startAnnouncing({
  mail: config.mail,
  vapid,
  dataDir: config.dataDir,
  stores,
  jwtSecret,
  siteUrl: config.siteUrl,
});

const app = createApp({
  stores,
  jwtSecret,
  publisher,
  images,
  documents,
  notifier,
  siteUrl: config.siteUrl,
  mailLog: new MailLog(config.dataDir),
  push: { publicKey: vapid.publicKey, endpointHosts: config.pushEndpointHosts },
  trustProxy: config.trustProxy,
  audit,
  cors: publicCors(),
  history,
  backupFolders: { dataDir: config.dataDir, uploadsDir: config.uploadsDir },
});

const administratorExists = () => stores.admins.data.admins.length > 0;
const server = createServer(
  siteListener(() => publisher.snapshot, getRequestListener(app.fetch), loginVariant(administratorExists)),
);
server.listen(config.port, () => {
  const address = server.address();
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
  console.log(`School website listening on ${base}`);
  console.log(`  public site: ${base}/`);
  console.log(`  admin area:  ${base}/admin`);
  console.log(
    config.mail ? `  e-mails to:  ${config.mail.to}` : '  e-mails:     off (SMTP_URL and NOTIFY_EMAIL not set)',
  );
  if (bucketConfig) console.log(`  bucket:      ${bucketConfig.bucket}/${bucketConfig.prefix}`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing the writes in flight…`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  stopTidying();
  stopSweeping();
  await settleStores(stores);
  await history.settled();
  // Mails on their way get a moment to leave; their messages are stored whatever happens.
  await Promise.race([notifier.settled(), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  // The subscribers' e-mails under way get the same moment; the others wait in the outbox.
  await Promise.race([announcing.close(), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  await audit.settled();
  await publisher.close();
  bucket?.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
