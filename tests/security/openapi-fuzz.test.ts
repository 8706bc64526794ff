/**
 * Property-based fuzzing driven by the API's own OpenAPI document (GET /api/openapi.json), as
 * Schemathesis does: for every operation, requests made from its schemas (./openapi-fuzz/), valid
 * ones with the administrator's token and invalid ones (one thing broken: a parameter or a body
 * field against its schema, a required part left out, a body not JSON or not sent as JSON, no
 * token or a false one), sent to a real server. No answer may be a server error, or a status or
 * a body the document does not allow; a refusal is JSON `{ message }`; an invalid request is
 * refused, with 401 when its token is missing or false (or 404: its path names nothing). A new
 * route is fuzzed as soon as the document describes it; the last test fails if one was not sent
 * both ways. Calls that could end the fuzzer's session are sent too (./openapi-fuzz/session.ts).
 *
 * Each operation gets its share of FUZZ_RUNS (1000 in npm test, 4000 in npm run test:long) examples, in two rounds over all the
 * operations in an order of the seed (FUZZ_SEED); each example is a valid and an invalid request.
 * A failure is shrunk, and reported with the request and how to replay it:
 * FUZZ_ONLY='PUT /api/settings' FUZZ_SEED=… FUZZ_PATH=… runs that one operation from that seed
 * (the server's state then differs from the run's: most failures do not depend on it).
 */
import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, expect, it } from 'vitest';
import { pdfFile } from '../api/test-documents.ts';
import { solidImage } from '../api/test-images.ts';
import { testServer } from '../support/harness.ts';
import { DocumentChecker } from '../support/openapi-check.ts';
import { examples } from '../support/run-length.ts';
import { officeMailServer } from '../support/smtp.ts';
import { SchemaArbitraries } from './openapi-fuzz/arbitraries.ts';
import { type Checking, Coverage, sendAndCheck } from './openapi-fuzz/check.ts';
import { KnownValues } from './openapi-fuzz/known-values.ts';
import { type Operation, operationsOf } from './openapi-fuzz/operations.ts';
import { type FuzzRequest, type RequestContext, requestsFor, type SampleFile } from './openapi-fuzz/requests.ts';
import { Session } from './openapi-fuzz/session.ts';
import { fileTally, jsonOf, rawRequest } from './support.ts';

const RUNS = examples(process.env.FUZZ_RUNS, { test: 1000, long: 4000 });
const SEED = Number(process.env.FUZZ_SEED ?? 2024);
const ONLY = process.env.FUZZ_ONLY;
const PATH = process.env.FUZZ_PATH;
const ROUNDS = ONLY ? 1 : 2;
/** Body fields that name stored things: they often get the names of things that exist. */
const NAMING_FIELDS = ['imageId', 'documentId', 'username', 'slug'];

const tally = fileTally('OpenAPI fuzzing');
// Behind a proxy, as in production: the session logs in again from addresses of its own. With a
// mail server, so that the calls that e-mail (subscriptions) do their work rather than answer 503.
const mail = officeMailServer();
const site = testServer({ admin: true, env: Object.assign(mail.env, { TRUST_PROXY: '1' }) });
let document: OpenAPIV3_1.Document;
let operations: Operation[];
let checking: Checking;
let known: KnownValues;
let files: SampleFile[];

beforeAll(async () => {
  const answer = await rawRequest(site.url, { method: 'GET', path: '/api/openapi.json' });
  expect(answer.status).toBe(200);
  document = JSON.parse(answer.text);
  operations = operationsOf(document);
  checking = {
    base: site.url,
    checker: new DocumentChecker(document),
    session: new Session(site.url, site.token),
    coverage: new Coverage(),
  };
  const unrouted = await rawRequest(site.url, { method: 'GET', path: '/api/no-such-call/at-all' });
  checking.unrouted = (jsonOf(unrouted) as { message: string }).message;
  known = new KnownValues(site.url, operations);
  checking.learn = (answer, path) => known.learn(answer, path);
  files = [
    { name: 'photo.png', type: 'image/png', bytes: await solidImage('png', 16, 16) },
    { name: 'photo.jpg', type: 'image/jpeg', bytes: await solidImage('jpeg', 12, 20) },
    { name: 'circular.pdf', type: 'application/pdf', bytes: pdfFile('Fuzz') },
    { name: 'note.txt', type: 'text/plain', bytes: Buffer.from('Dear parents,\n') },
  ];
  await firstThings();
}, 120_000);

/** Some things to name: each sample file uploaded, each example body of the document posted. */
async function firstThings(): Promise<void> {
  const posts = operations.filter((operation) => operation.method === 'POST' && !operation.template.includes('{'));
  for (const operation of posts.filter(({ bodies }) => bodies[0]?.media === 'multipart/form-data')) {
    for (const file of files) await sendAndCheck(checking, sampleUpload(operation, file));
  }
  for (const operation of posts) {
    const body = operation.bodies[0];
    if (body?.media !== 'application/json' || body.example === undefined) continue;
    await sendAndCheck(checking, {
      operation: operation.key,
      what: 'valid: the document’s example',
      valid: true,
      method: 'POST',
      path: operation.template,
      headers: { 'Content-Type': 'application/json' },
      auth: 'token',
      body: JSON.stringify(body.example),
      expect: 'allowed',
    });
  }
}

function sampleUpload(operation: Operation, file: SampleFile): FuzzRequest {
  const field = (operation.bodies[0]!.schema as { required?: string[] }).required?.[0] ?? 'file';
  const boundary = '----first-things';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    operation: operation.key,
    what: `valid: ${file.name} uploaded`,
    valid: true,
    method: 'POST',
    path: operation.template,
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    auth: 'token',
    body: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    expect: 'allowed',
  };
}

/** A number of the text: each operation's own seed, and their order in a round. */
const hash = (text: string) => [...text].reduce((sum, char) => (Math.imul(sum, 31) + char.charCodeAt(0)) | 0, 7);

function contextFor(): RequestContext {
  const hints = (name: string) => (NAMING_FIELDS.includes(name) ? known.get(name) : []);
  return {
    arbitraries: new SchemaArbitraries(document, hints),
    checker: checking.checker,
    known: (name, template) => known.get(name, template),
    files,
  };
}

const runsPerRound = () => Math.max(1, Math.ceil(RUNS / ((ONLY ? 1 : operations.length) * ROUNDS)));

it(`answers every request made from the document as the document says (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})`, {
  timeout: Math.max(15 * 60_000, RUNS * 2_000),
}, async () => {
  const started = Date.now();
  const failures: string[] = [];
  const spent = new Map<string, number>();
  const chosen = ONLY ? operations.filter((operation) => operation.key === ONLY) : operations;
  expect(chosen.length, `FUZZ_ONLY='${ONLY}' names no operation of the document`).toBeGreaterThan(0);
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...chosen].sort((a, b) => hash(`${SEED} ${round} ${a.key}`) - hash(`${SEED} ${round} ${b.key}`));
    for (const operation of order) {
      // What exists now, for the operations that name things.
      if (operation.template.includes('{') || operation.bodies.length > 0) await known.refresh(checking.session.token);
      const { valid, invalid } = requestsFor(operation, contextFor());
      const pair = invalid ? fc.tuple(valid, invalid) : fc.tuple(valid);
      const seed = ONLY ? SEED : hash(`${SEED} ${round} ${operation.key}`);
      const began = Date.now();
      const details = await fc.check(
        fc.asyncProperty(pair, async (requests) => {
          for (const request of requests) await sendAndCheck(checking, request);
        }),
        { seed, numRuns: runsPerRound(), ...(ONLY && PATH ? { path: PATH } : {}) },
      );
      spent.set(operation.key, (spent.get(operation.key) ?? 0) + Date.now() - began);
      if (details.failed) {
        const replay = `FUZZ_ONLY='${operation.key}' FUZZ_SEED=${details.seed} FUZZ_PATH='${details.counterexamplePath}'`;
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        failures.push(`${operation.key}, shrunk ${details.numShrinks} times; to replay: ${replay}\n${error}`);
      }
    }
  }
  tally.add('operations fuzzed', chosen.length);
  tally.add('examples per operation', runsPerRound() * ROUNDS);
  tally.add('requests sent', checking.coverage.requests);
  tally.add('seconds', Math.round((Date.now() - started) / 1000));
  for (const mended of checking.session.mended) tally.add(`session mended: ${mended}`);
  // FUZZ_STATUSES=1: how each operation answered, and why valid requests were refused.
  if (process.env.FUZZ_STATUSES) {
    for (const { key } of chosen) {
      const refusals = [...(checking.coverage.refusals.get(key) ?? [])].sort(([, a], [, b]) => b - a);
      console.log(
        `${key} (${spent.get(key)} ms): ${checking.coverage.summary(key)}${refusals.map(([why, count]) => `\n    ${count}× ${why}`).join('')}`,
      );
    }
  }
  expect(failures.length, `\n${failures.join('\n\n')}\n`).toBe(0);

  expect(site.server.process.exitCode).toBeNull();
  expect(site.server.output()).not.toMatch(/^(GET|POST|PUT|DELETE|PATCH) \S+ failed:/m);
});

it('sent every operation of the document valid, and invalid unless it takes nothing that can be wrong', () => {
  if (ONLY) return;
  const context = contextFor();
  const unsent = operations.flatMap(({ key }) => {
    const { valid, invalid } = checking.coverage.of(key);
    return valid > 0 && invalid > 0 ? [] : [{ key, valid, invalid }];
  });
  // Nothing such an operation takes can be wrong: no token needed, and parameters any text will do.
  const takesAnything = (key: string) =>
    requestsFor(operations.find((operation) => operation.key === key)!, context).invalid === null;
  const missing = unsent.filter(({ key, valid, invalid }) => valid === 0 || (invalid === 0 && !takesAnything(key)));
  const onlyValid = unsent.filter((operation) => !missing.includes(operation)).map(({ key }) => key);
  tally.add(
    `operations sent only valid, as nothing they take can be wrong (${onlyValid.join(', ')})`,
    onlyValid.length,
  );
  expect(missing).toEqual([]);
});
