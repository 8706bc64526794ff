/**
 * A stand-in for a browser's push service, in the test's own process: each device it makes has
 * its own P-256 key pair and authentication secret, as a browser's subscription does; each
 * notification the server sends it is decrypted with the device's keys (RFC 8291, with the
 * `http_ece` library that web-push itself uses) and its VAPID signature is checked (RFC 8292), as
 * the real services do. A device can be made gone (410), to see the server forget it.
 */
import { createECDH, createPublicKey, type ECDH, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface Received {
  device: string;
  notification: { title: string; body: string; url: string; tag: string };
  urgency: string | undefined;
  ttl: string | undefined;
  /** The VAPID public key the request was signed with (`k=`), its signature checked. */
  vapidKey: string;
  /** The JWT's claims: `aud` (this service's origin), `exp`, `sub`. */
  claims: { aud: string; exp: number; sub: string };
}

export interface Device {
  id: string;
  /** As the browser's `JSON.stringify(pushSubscription)`. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface PushService {
  origin: string;
  received: Received[];
  /** Requests refused: not signed, or not decryptable. */
  refused: string[];
  /** Devices that answer 410 Gone. */
  gone: Set<string>;
  device(): Device;
  /** `count` devices at once, with less work than one at a time (one key pair for all). */
  devices(count: number): Device[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const made = (id: string, ecdh: ECDH, auth: Buffer): Device => {
    keys.set(id, { ecdh, auth });
    return {
      id,
      subscription: {
        endpoint: `${service.origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    };
  };
  const newKeys = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return ecdh;
  };
  const service: PushService = {
    origin: '',
    received: [],
    refused: [],
    gone: new Set(),
    device: () => made(randomUUID(), newKeys(), randomBytes(16)),
    devices(count) {
      const ecdh = newKeys();
      return Array.from({ length: count }, () => made(randomUUID(), ecdh, randomBytes(16)));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const id = request.url?.match(/^\/push\/([\w-]+)$/)?.[1] ?? '';
    const device = keys.get(id);
    if (request.method !== 'POST' || !device) return void response.writeHead(404).end();
    if (service.gone.has(id)) return void response.writeHead(410).end();
    try {
      const { vapidKey, claims } = checkedVapid(request.headers.authorization ?? '');
      const text = ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });
      service.received.push({
        device: id,
        notification: JSON.parse(text.toString('utf8')),
        urgency: request.headers.urgency as string | undefined,
        ttl: request.headers.ttl as string | undefined,
        vapidKey,
        claims,
      });
      response.writeHead(201).end();
    } catch (error) {
      service.refused.push(`${id}: ${error instanceof Error ? error.message : error}`);
      response.writeHead(403).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `vapid t=<JWT>, k=<public key>` (RFC 8292), its ES256 signature checked with `k`. */
function checkedVapid(authorization: string) {
  const match = authorization.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
  if (!match) throw new Error(`no VAPID authorization: "${authorization}"`);
  const [, jwt, vapidKey] = match as [string, string, string];
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(vapidKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${payload}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('the VAPID signature does not verify');
  }
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return { vapidKey, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Received['claims'] };
}
