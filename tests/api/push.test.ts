/**
 * Notifications on phones and computers (issue 35, item 4), sent to a stand-in push service in
 * this process that decrypts each one with its device's keys (RFC 8291) and checks its VAPID
 * signature (RFC 8292): the server's key, kept across restarts; a subscription accepted only on a
 * push service's host; an emergency at once and with `Urgency: high`, to the devices that follow
 * notices; an item to those that follow its topic; a device the service no longer knows (410)
 * forgotten; one unsubscribed sent nothing; and 2,000 devices reached within 30 seconds.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAndLogin } from '../support/api.ts';
import { testServer } from '../support/harness.ts';
import { type Device, type PushService, startPushService } from '../support/push-service.ts';
import { officeMailServer } from '../support/smtp.ts';

let push: PushService;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(() => push?.close());

// The stand-in's host is the school's own push service, as PUSH_ENDPOINT_HOSTS allows.
const env = { PUSH_ENDPOINT_HOSTS: '127.0.0.1' };
const mail = officeMailServer();
const site = testServer({ admin: true, env: Object.assign(mail.env, env) });

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const subscribe = (device: Device, topics: string[]) =>
  site.call('POST', '/api/push-subscriptions', { json: { ...device.subscription, topics } });
const receivedBy = (device: Device) => push.received.filter((one) => one.device === device.id);

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Not ${what} within ${timeoutMs / 1000} s (refused: ${push.refused})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('notifications', () => {
  let publicKey = '';
  const phone = { alerts: undefined as unknown as Device, news: undefined as unknown as Device };

  it('are signed with a key made at the first start and kept', async () => {
    const key = await site.call('GET', '/api/push/key');
    expect(key.status).toBe(200);
    publicKey = key.body.publicKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    await site.restart();
    expect((await site.call('GET', '/api/push/key')).body.publicKey).toBe(publicKey);
  });

  it('are accepted only for a push service’s address, and the browser’s keys as sent', async () => {
    const device = push.device();
    const elsewhere = [
      'https://attacker.example/collect',
      'http://127.0.0.2:8080/push/1',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://169.254.169.254/latest/meta-data/',
    ];
    for (const endpoint of elsewhere) {
      const answer = await site.call('POST', '/api/push-subscriptions', {
        json: { ...device.subscription, endpoint, topics: ['alerts'] },
      });
      expect({ endpoint, status: answer.status, body: answer.body }).toEqual({
        endpoint,
        status: 400,
        body: {
          message:
            "The endpoint is not a browser's push service (Google, Mozilla, Apple or Microsoft): notifications cannot be sent there.",
        },
      });
    }
    const shortKey = {
      ...device.subscription,
      keys: { ...device.subscription.keys, auth: 'AAAA' },
      topics: ['alerts'],
    };
    expect((await site.call('POST', '/api/push-subscriptions', { json: shortKey })).body).toEqual({
      message: 'keys.auth must be 16 bytes',
    });
    const stored = JSON.parse(await readFile(join(site.dataDir, 'push-subscriptions.json'), 'utf8'));
    expect(stored.devices).toEqual([]);
  });

  it('tell an emergency at once, with high urgency, to the devices that follow notices', async () => {
    phone.alerts = push.device();
    phone.news = push.device();
    expect((await subscribe(phone.alerts, ['alerts'])).status).toBe(201);
    expect((await subscribe(phone.news, ['news'])).status).toBe(201);
    const message = 'Heavy rain: school closed today. https://example.org/closure';
    await site.asAdmin('POST', '/api/alerts', { json: { message, level: 'emergency', endsAt: inAnHour() } });
    await until(() => receivedBy(phone.alerts).length === 1, 10_000, 'notified');
    const [received] = receivedBy(phone.alerts);
    expect(received!.notification).toEqual({
      title: 'Emergency: Sunridge Valley School',
      body: message,
      url: 'https://example.org/closure',
      tag: expect.stringMatching(/^alert-/),
    });
    expect(received!.urgency).toBe('high');
    expect(received!.vapidKey).toBe(publicKey);
    expect(received!.claims).toMatchObject({ aud: push.origin, sub: 'mailto:office@sunridgevalley.example' });
    expect(receivedBy(phone.news)).toEqual([]);
  });

  it('tell a news item to the devices that follow news, opening its page', async () => {
    await site.asAdmin('POST', '/api/news', {
      json: { title: 'Choir wins the state final', description: 'Well sung!' },
    });
    await until(() => receivedBy(phone.news).length === 1, 10_000, 'notified');
    expect(receivedBy(phone.news)[0]!.notification).toMatchObject({
      title: 'Choir wins the state final',
      body: 'Well sung!',
      url: expect.stringMatching(/\/eventsnews\/news#news-/),
    });
    expect(receivedBy(phone.news)[0]!.urgency).toBe('normal');
    expect(receivedBy(phone.alerts)).toHaveLength(1);
  });

  it('forget a device its push service no longer knows, and send nothing to one unsubscribed', async () => {
    push.gone.add(phone.news.id);
    await site.call('DELETE', '/api/push-subscriptions', { json: { endpoint: phone.alerts.subscription.endpoint } });
    const other = push.device();
    await subscribe(other, ['alerts', 'news']);
    await site.asAdmin('POST', '/api/news', { json: { title: 'Library open on Saturday', description: 'From 9.' } });
    await site.asAdmin('POST', '/api/alerts', {
      json: { message: 'Buses late.', level: 'important', endsAt: inAnHour() },
    });
    await until(() => receivedBy(other).length === 2, 10_000, 'notified');
    await expect
      .poll(async () => JSON.parse(await readFile(join(site.dataDir, 'push-subscriptions.json'), 'utf8')).devices, {
        timeout: 10_000,
      })
      .toEqual([expect.objectContaining({ endpoint: other.subscription.endpoint })]);
    expect(receivedBy(phone.alerts)).toHaveLength(1);
    expect(push.refused).toEqual([]);
    // The office sees how many devices are notified.
    expect((await site.asAdmin('GET', '/api/admin/subscribers')).body.counts.devices).toBe(1);
  });
});

describe('a device added from an e-mail subscription’s own page', () => {
  it('is that person’s: found, exported and erased with their address', async () => {
    const email = 'leela.menon@example.org';
    await site.call('POST', '/api/subscriptions', { json: { email, topics: ['alerts'] } });
    const confirmation = await mail.smtp.waitFor(/confirm your subscription/);
    const token = new URL(confirmation.text!.match(/https?:\/\/\S+\/subscribe\/manage\?\S+/)![0]).searchParams.get(
      'token',
    )!;
    const tablet = push.device();
    const forged = `${token.split('.')[0]}.${'A'.repeat(24)}`;
    const refused = await site.call('POST', '/api/push-subscriptions', {
      json: { ...tablet.subscription, topics: ['alerts'], token: forged },
    });
    expect(refused.status).toBe(404);
    const added = await site.call('POST', '/api/push-subscriptions', {
      json: { ...tablet.subscription, topics: ['alerts'], token },
    });
    expect(added.status).toBe(201);
    const found = await site.asAdmin('GET', `/api/admin/personal-data?email=${encodeURIComponent(email)}`);
    expect(found.body.subscriptions).toEqual([
      expect.objectContaining({
        email,
        devices: [expect.objectContaining({ endpoint: tablet.subscription.endpoint })],
      }),
    ]);
    const erased = await site.asAdmin('DELETE', `/api/admin/personal-data?email=${encodeURIComponent(email)}`);
    expect(erased.body.erased).toMatchObject({ subscriptions: 1 });
    const devices = JSON.parse(await readFile(join(site.dataDir, 'push-subscriptions.json'), 'utf8')).devices;
    expect(devices.map((device: { endpoint: string }) => device.endpoint)).not.toContain(tablet.subscription.endpoint);
  });
});

describe('an emergency to 2,000 devices', () => {
  const DEVICES = 2_000;
  const many = testServer({ start: false, env });
  let token = '';
  let devices: Device[] = [];

  beforeAll(async () => {
    devices = push.devices(DEVICES);
    const createdAt = new Date().toISOString();
    const stored = devices.map(({ id, subscription }) => ({
      _id: id,
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      topics: ['alerts'],
      language: 'en',
      createdAt,
    }));
    await mkdir(many.dataDir, { recursive: true });
    await writeFile(join(many.dataDir, 'push-subscriptions.json'), JSON.stringify({ devices: stored }));
    await many.start();
    token = await setupAndLogin(many.url);
  });

  it('reaches every one within 30 seconds', async () => {
    const before = push.received.length;
    const started = Date.now();
    const message = 'Gas leak: everyone is being sent home.';
    await many.call('POST', '/api/alerts', { token, json: { message, level: 'emergency', endsAt: inAnHour() } });
    const reached = () => new Set(push.received.slice(before).map((one) => one.device)).size;
    await until(() => reached() === DEVICES, 30_000, `all ${DEVICES} notified`);
    console.log(`${DEVICES} notifications: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(push.received.length - before).toBe(DEVICES);
  });
});
