/**
 * The S3 calls of publishing against s3rver (a real S3 server), read back with the AWS SDK: keys
 * that need escaping in the path, the one refusal that means "no such object", and what a person
 * reads when the bucket or the credentials are wrong. s3rver does not check signatures: a server
 * here checks them as S3 does, with the AWS SDK's own signer.
 */
import { type BinaryLike, createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBucket } from '../../tests/support/test-bucket.ts';
import { readBucketConfig } from './bucket-config.ts';
import { S3Client } from './s3-client.ts';

const bucket = testBucket('');
const client = (env: Record<string, string> = bucket.env) => new S3Client(readBucketConfig(env)!, env);

describe('S3Client', () => {
  it('puts, reads and deletes objects whose keys need escaping, with their headers', async () => {
    const keys = ['a page/(draft) & notes!.html', 'über/grüße*.txt', "it's/50%.css"];
    for (const key of keys) {
      await client().put(key, Buffer.from(`text of ${key}`), { contentType: 'text/plain', cacheControl: 'no-store' });
    }
    expect((await bucket.keys()).sort()).toEqual([...keys].sort());
    expect(await bucket.object(keys[0]!)).toEqual({
      text: `text of ${keys[0]}`,
      type: 'text/plain',
      cacheControl: 'no-store',
    });
    expect(await client().getText(keys[1]!)).toBe(`text of ${keys[1]}`);
    await client().deleteMany(keys.slice(0, 2));
    expect(await bucket.keys()).toEqual([keys[2]]);
    expect(await client().getText(keys[0]!)).toBeNull();
  });

  it('names the call and the refusal when the bucket is not there', async () => {
    const missing = client({ ...bucket.env, PUBLISH_S3_BUCKET: 'no-such-bucket' });
    await expect(missing.getText('index.html')).rejects.toMatchObject({
      code: 'NoSuchBucket',
      status: 404,
      message: expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/no-such-bucket\/index\.html: NoSuchBucket/),
    });
  });

  it('names the variables to set when the credentials are not', async () => {
    const { AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, ...withoutCredentials } = bucket.env;
    await expect(client(withoutCredentials).getText('index.html')).rejects.toThrow(
      /^Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
  });

  it('says which address it could not reach', async () => {
    await bucket.stop();
    try {
      await expect(client().getText('index.html')).rejects.toThrow(
        /^GET http:\/\/127\.0\.0\.1:\d+\/school-site\/index\.html failed: .*ECONNREFUSED/,
      );
    } finally {
      await bucket.start();
    }
  });
});

type Data = string | ArrayBuffer | ArrayBufferView;
const binary = (data: Data): BinaryLike =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256, or HMAC-SHA-256 with a key, as the SDK's signer asks for them. */
class NodeSha256 {
  readonly #hash: Hash | Hmac;
  constructor(key?: Data) {
    this.#hash = key === undefined ? createHash('sha256') : createHmac('sha256', binary(key));
  }
  update(data: Data) {
    this.#hash.update(binary(data));
  }
  async digest() {
    return new Uint8Array(this.#hash.digest());
  }
  reset() {}
}

const ACCOUNT = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

/** Whether `request` carries the signature S3 computes for it (over the headers it says it signed). */
async function signedAsS3Does(request: IncomingMessage): Promise<boolean> {
  const authorization = request.headers.authorization ?? '';
  const signature = /Signature=(\w+)/.exec(authorization)?.[1];
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  const [path, query] = request.url!.split('?');
  const date = String(request.headers['x-amz-date']).replace(
    /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
    '$1-$2-$3T$4:$5:$6Z',
  );
  const signer = new SignatureV4({
    service: 's3',
    region: 'eu-west-3',
    credentials: ACCOUNT,
    sha256: NodeSha256,
    uriEscapePath: false,
  });
  const signed = await signer.sign(
    {
      method: request.method!,
      protocol: 'http:',
      hostname: '127.0.0.1',
      path: path!,
      query: Object.fromEntries(new URLSearchParams(query)),
      headers: Object.fromEntries(signedHeaders.map((name) => [name, String(request.headers[name])])),
    },
    // S3 checks the headers the request says it signed, whichever they are.
    { signingDate: new Date(date), signableHeaders: new Set(signedHeaders) },
  );
  return /Signature=(\w+)/.exec(signed.headers.authorization!)?.[1] === signature;
}

describe('the signature of each call', () => {
  const checked: { call: string; valid: boolean }[] = [];
  const server = createServer((request, answer) => {
    request.resume();
    request.on('end', async () => {
      checked.push({ call: `${request.method} ${request.url}`, valid: await signedAsS3Does(request) });
      answer.end('{}');
    });
  });
  let env: Record<string, string>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = {
      PUBLISH_S3_BUCKET: 'school-site',
      PUBLISH_S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      PUBLISH_S3_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
      AWS_SECRET_ACCESS_KEY: ACCOUNT.secretAccessKey,
      AWS_SESSION_TOKEN: 'a-session-token',
    };
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('is the one S3 computes, for every call and any key', async () => {
    const s3 = client(env);
    const key = "www/a page/(draft) & notes!/über*it's~50%.html";
    await s3.put(key, Buffer.from('<p>Hello</p>'), { contentType: 'text/html', cacheControl: 'no-store' });
    await s3.getText(key);
    await s3.deleteMany([key, 'www/index.html']);
    expect(checked).toEqual([
      { call: `PUT /school-site/www/a%20page/%28draft%29%20%26%20notes%21/%C3%BCber%2Ait%27s~50%25.html`, valid: true },
      { call: `GET /school-site/www/a%20page/%28draft%29%20%26%20notes%21/%C3%BCber%2Ait%27s~50%25.html`, valid: true },
      { call: 'POST /school-site?delete', valid: true },
    ]);
    // A wrong secret is told apart.
    checked.length = 0;
    await client({ ...env, AWS_SECRET_ACCESS_KEY: 'not-the-secret' }).getText(key);
    expect(checked.map(({ valid }) => valid)).toEqual([false]);
  });
});
