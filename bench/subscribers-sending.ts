/**
 * npm run bench:sending: what telling 2,000 families costs an edit (issue 35: "nothing of this
 * slows an edit going live"). Two servers on copies of the large demo, side by side: one quiet,
 * one telling 2,000 confirmed e-mail subscribers (at MAIL_RATE, 10 a second by default: over three
 * minutes of sending) and 2,000 devices of an emergency notice, to a real SMTP server and a
 * stand-in push service in this process. While it sends, the same news text edit is timed to live
 * on each in turn (news-text-to-live.ts). Prints each p50 and p95, their ratio, and how far the
 * sending had gone, so the edits are known to have been made while it ran.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setupAndLogin } from '../tests/support/api.ts';
import { startPushService } from '../tests/support/push-service.ts';
import { disposeServer, type RunningServer, startServer } from '../tests/support/server.ts';
import { startMailServer } from '../tests/support/smtp.ts';
import { demoDataFolders, removeSeededFolders } from './demo-folders.ts';
import { measureNewsTextSideBySide } from './news-text-to-live.ts';
import { waitUntilSettled } from './settled.ts';

const FAMILIES = 2_000;
const EDITS = Number(process.env.BENCH_EDITS ?? 12);
const FIRST_BUILD_MS = 10 * 60_000;

const smtp = await startMailServer();
const push = await startPushService();
const servers: RunningServer[] = [];
try {
  const quiet = await startServer(await demoDataFolders('large'));
  servers.push(quiet);
  const folders = await demoDataFolders('large');
  await writeFamilies(folders.dataDir);
  const sending = await startServer({
    ...folders,
    env: { SMTP_URL: smtp.url, NOTIFY_EMAIL: 'office@school.example', PUSH_ENDPOINT_HOSTS: '127.0.0.1' },
  });
  servers.push(sending);
  const sites = [];
  for (const server of servers) {
    const token = await setupAndLogin(server.url);
    await waitUntilSettled(server.url, token, FIRST_BUILD_MS);
    sites.push({ base: server.url, token });
  }
  const message = 'Storm warning: the school is closed tomorrow.';
  const alert = await fetch(`${sending.url}/api/alerts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sites[1]!.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, level: 'emergency', endsAt: new Date(Date.now() + 3_600_000).toISOString() }),
  });
  if (alert.status !== 201) throw new Error(`The notice was refused: ${alert.status}`);
  const sent = () => smtp.mails.filter((mail) => mail.subject?.includes(message)).length;
  const startedAt = performance.now();
  const [onQuiet, onSending] = await measureNewsTextSideBySide(sites, EDITS);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  const round = (ms: number) => Math.round(ms);
  console.log(`News text edit to live, ${EDITS} edits in turns on the large demo (ms):`);
  console.log(`  quiet server:          p50 ${round(onQuiet!.p50)}, p95 ${round(onQuiet!.p95)}`);
  console.log(`  server telling ${FAMILIES}: p50 ${round(onSending!.p50)}, p95 ${round(onSending!.p95)}`);
  console.log(`  ratio of the p50s: ${(onSending!.p50 / onQuiet!.p50).toFixed(2)}`);
  console.log(
    `  during the ${seconds} s of edits: ${sent()} of ${FAMILIES} e-mails and ${push.received.length} of ${FAMILIES} notifications sent`,
  );
} finally {
  for (const server of servers) await disposeServer(server);
  await removeSeededFolders();
  await smtp.close();
  await push.close();
}

/** 2,000 confirmed subscribers of notices and 2,000 devices, as a school's after a term. */
async function writeFamilies(dataDir: string) {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  const subscriptions = Array.from({ length: FAMILIES }, (_, n) => ({
    _id: `family-${n}`,
    email: `family-${n}@example.org`,
    topics: ['alerts', 'news'],
    frequency: 'instant',
    language: 'en',
    createdAt: at,
    confirmedAt: at,
    consent: { givenAt: at, notice: 'notice-000000000000' },
    confirmationsSentAt: [at],
    bounces: 0,
    suspendedAt: null,
  }));
  const devices = push.devices(FAMILIES).map(({ id, subscription }) => ({
    _id: id,
    endpoint: subscription.endpoint,
    keys: subscription.keys,
    topics: ['alerts'],
    language: 'en',
    createdAt: at,
  }));
  await writeFile(join(dataDir, 'subscriptions.json'), JSON.stringify({ subscriptions }));
  await writeFile(join(dataDir, 'push-subscriptions.json'), JSON.stringify({ devices }));
}
