/**
 * The three S3 calls publishing makes (put an object, get one, delete many), on AWS or any
 * S3-compatible service, addressed path-style (`<endpoint>/<bucket>/<key>`). `aws4fetch` signs
 * each request (AWS Signature Version 4) and tries it again after a 5xx or 429 answer. The
 * credentials are AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, with AWS_SESSION_TOKEN for
 * temporary ones; they are read when the first call is made.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { BucketConfig } from './bucket-config.ts';

/** A refusal of the service, by its S3 error code (`NoSuchKey`, `NoSuchBucket`, `AccessDenied`…). */
export class S3Error extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = 'S3Error';
    this.code = code;
    this.status = status;
  }
}

/** Each character outside RFC 3986's unreserved ones escaped, as the signature's canonical path has it. */
const escapeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

type Body = Uint8Array | string;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The service's refusal, with the code and message of the XML error it answers. */
async function refusal(answer: Response, call: string): Promise<S3Error> {
  const text = await answer.text();
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];
  const code = field('Code') ?? `HTTP ${answer.status}`;
  const message = field('Message');
  return new S3Error(code, answer.status, `${call}: ${code}${message ? ` (${message})` : ''}`);
}

export class S3Client {
  readonly #config: BucketConfig;
  readonly #env: NodeJS.ProcessEnv;
  #signer: AwsClient | undefined;

  constructor(config: BucketConfig, env: NodeJS.ProcessEnv = process.env) {
    this.#config = config;
    this.#env = env;
  }

  async put(key: string, body: Body, headers: { contentType: string; cacheControl: string }) {
    const answer = await this.#send('PUT', key, {
      body,
      headers: { 'Content-Type': headers.contentType, 'Cache-Control': headers.cacheControl },
    });
    await answer.body?.cancel();
  }

  /** The object's text, or null when the bucket has no object of that key. */
  async getText(key: string): Promise<string | null> {
    try {
      return await (await this.#send('GET', key)).text();
    } catch (error) {
      if (error instanceof S3Error && error.status === 404 && error.code !== 'NoSuchBucket') return null;
      throw error;
    }
  }

  /** Deletes up to 1,000 objects in one call (S3's DeleteObjects, quiet: it answers only failures). */
  async deleteMany(keys: readonly string[]) {
    const objects = keys.map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`).join('');
    const body = `<Delete><Quiet>true</Quiet>${objects}</Delete>`;
    const answer = await this.#send('POST', '', {
      query: '?delete',
      body,
      headers: {
        'Content-Type': 'application/xml',
        // S3 takes a DeleteObjects call only with a checksum of its body.
        'Content-MD5': createHash('md5').update(body).digest('base64'),
      },
    });
    await answer.body?.cancel();
  }

  async #send(
    method: string,
    key: string,
    init: { query?: string; body?: Body; headers?: Record<string, string> } = {},
  ) {
    const { bucket, endpoint, region } = this.#config;
    const base = (endpoint ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
    const path = [bucket, ...(key ? key.split('/') : [])].map(escapeSegment).join('/');
    const url = `${base}/${path}${init.query ?? ''}`;
    const signer = this.#signer ?? this.#newSigner();
    let answer: Response;
    try {
      // A Buffer is sent as it is; the types of fetch ask for one that no SharedArrayBuffer holds.
      const body = init.body as Uint8Array<ArrayBuffer> | string | undefined;
      answer = await signer.fetch(url, { method, body, headers: init.headers });
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      throw new Error(`${method} ${url} failed: ${cause}`);
    }
    if (answer.ok) return answer;
    throw await refusal(answer, `${method} ${url}`);
  }

  #newSigner(): AwsClient {
    const accessKeyId = this.#env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = this.#env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      throw new Error('Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: the credentials to write to the bucket');
    }
    // Three attempts in all, as the AWS SDK makes; BucketPublisher tries a failed sync again later.
    this.#signer = new AwsClient({
      accessKeyId,
      secretAccessKey,
      sessionToken: this.#env.AWS_SESSION_TOKEN || undefined,
      service: 's3',
      region: this.#config.region,
      retries: 2,
    });
    return this.#signer;
  }
}
