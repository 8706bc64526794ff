/**
 * Requests for one operation of the document, made from its schemas: valid ones (path
 * parameters often naming things that exist), and invalid ones, each a valid one with one thing
 * broken: a parameter or a body field against its schema, a required part left out, a body that
 * is not JSON or not sent as JSON, no token or a false one.
 */
import fc from 'fast-check';
import type { DocumentChecker } from '../../support/openapi-check.ts';
import type { Mutated, SchemaArbitraries, SchemaObject } from './arbitraries.ts';
import type { Operation, Parameter, RequestBody } from './operations.ts';

export interface FuzzRequest {
  operation: string;
  /** "valid", or what was broken. */
  what: string;
  valid: boolean;
  method: string;
  /** The path with its query string, encoded. */
  path: string;
  headers: Record<string, string>;
  /** The token of the session, none, or this `Authorization` header instead. */
  auth: 'token' | 'none' | { header: string };
  body?: string | Uint8Array;
  /** Besides what the document allows: a refusal (4xx), or 401 for a missing or false token. */
  expect: 'allowed' | 'refused' | 'unauthorized';
}

/** A file to upload, and the media type it is sent as. */
export interface SampleFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface RequestContext {
  arbitraries: SchemaArbitraries;
  checker: DocumentChecker;
  /** Values that name existing things, by parameter name (see ./known-values.ts). */
  known: (name: string, template: string) => readonly string[];
  files: readonly SampleFile[];
}

/** A request before it is written out: each part still a value. */
interface Draft {
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: { media: string; value: unknown } | { raw: string | Uint8Array; contentType?: string };
  auth: FuzzRequest['auth'];
}

export interface OperationRequests {
  valid: fc.Arbitrary<FuzzRequest>;
  /** Null when nothing the operation takes can be wrong (no parameter, body or token). */
  invalid: fc.Arbitrary<FuzzRequest> | null;
}

export function requestsFor(operation: Operation, context: RequestContext): OperationRequests {
  const draft = validDraft(operation, context);
  const write = (what: string, expect: FuzzRequest['expect']) => (made: Draft) =>
    written(operation, made, what, expect);
  const breakers = invalidDrafts(operation, context, draft);
  return {
    valid: draft.map(write('valid', 'allowed')),
    invalid:
      breakers.length === 0
        ? null
        : fc.oneof(
            ...breakers.map(({ arbitrary, expect }) => arbitrary.map(([made, what]) => write(what, expect)(made))),
          ),
  };
}

function validDraft(operation: Operation, context: RequestContext): fc.Arbitrary<Draft> {
  const { arbitraries } = context;
  const byPlace = (place: Parameter['in']) => operation.parameters.filter((parameter) => parameter.in === place);
  const path = fc.record(
    Object.fromEntries(
      byPlace('path').map((parameter) => [parameter.name, pathValue(parameter, operation.template, context)]),
    ),
  );
  const optional = (parameter: Parameter) => {
    const value =
      parameter.in === 'header'
        ? arbitraries.valid(parameter.schema).map(headerText)
        : arbitraries.valid(parameter.schema);
    return parameter.required ? value : fc.option(value, { nil: undefined, freq: 2 });
  };
  const values = (place: Parameter['in']) =>
    fc
      .record(Object.fromEntries(byPlace(place).map((parameter) => [parameter.name, optional(parameter)])))
      .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
  const body = operation.bodies[0];
  const bodies = body ? bodyValue(body, context) : fc.constant(undefined);
  return fc
    .record({
      path,
      query: values('query'),
      headers: values('header'),
      body: body && !body.required ? fc.option(bodies, { nil: undefined, freq: 4 }) : bodies,
    })
    .map((draft) => ({ ...draft, auth: 'token' as const }));
}

/** A path parameter: mostly one that names something that exists, else any its schema takes. */
function pathValue(parameter: Parameter, template: string, context: RequestContext): fc.Arbitrary<string> {
  const fromSchema = context.arbitraries.valid(parameter.schema).map(wireText).filter(sendableSegment);
  const known = context.known(parameter.name, template).filter((text) => !problemOnWire(parameter, text, context));
  if (known.length === 0) return fromSchema;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fromSchema });
}

function bodyValue(body: RequestBody, context: RequestContext): fc.Arbitrary<NonNullable<Draft['body']>> {
  if (body.media === 'application/json' || body.media.endsWith('+json')) {
    const generated = context.arbitraries.valid(body.schema);
    const { example } = body;
    if (!isRecord(example)) return generated.map((value) => ({ media: body.media, value }));
    // The document's example with a field or two of a generated body: the refinements a schema
    // cannot say (a real e-mail address, a time zone) pass more often, and the code behind them runs.
    const varied = fc.tuple(generated, fc.array(fc.nat(), { minLength: 1, maxLength: 2 })).map(([value, picks]) => {
      if (!isRecord(value)) return value;
      const keys = Object.keys(value);
      const chosen = keys.length === 0 ? [] : picks.map((pick) => keys[pick % keys.length]!);
      return { ...example, ...Object.fromEntries(chosen.map((key) => [key, value[key]])) };
    });
    return fc.oneof(generated, varied).map((value) => ({ media: body.media, value }));
  }
  if (body.media === 'multipart/form-data')
    return formValue(body.schema as SchemaObject, context).map((value) => ({ media: body.media, value }));
  return fc.constantFrom(...context.files).map((file) => ({ raw: file.bytes, contentType: body.media }));
}

/** The fields of a form: files where the schema says binary, else text. */
function formValue(schema: SchemaObject, context: RequestContext): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const value: fc.Arbitrary<unknown> = isFile(field)
      ? fileValue(context)
      : context.arbitraries.valid(field).map(wireText);
    return [name, required.has(name) ? value : fc.option(value, { nil: undefined })] as const;
  });
  return fc
    .record(Object.fromEntries(fields))
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
}

const isFile = (field: unknown) => {
  const s = field as SchemaObject;
  return (
    typeof s === 'object' &&
    (s.contentMediaType !== undefined || s.format === 'binary' || s.contentEncoding !== undefined)
  );
};

/** A sample file (an image, a PDF…) or random bytes, under a name that may be odd. */
function fileValue(context: RequestContext): fc.Arbitrary<SampleFile> {
  const names = fc.constantFrom(
    'photo.png',
    'circular.pdf',
    'noextension',
    '../../escape.pdf',
    'ünïcødé file.png',
    'a'.repeat(300),
  );
  const random = fc
    .tuple(
      fc.uint8Array({ maxLength: 64 }),
      names,
      fc.constantFrom('application/octet-stream', 'image/png', 'application/pdf', 'text/plain'),
    )
    .map(([bytes, name, type]) => ({ name, type, bytes }));
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...context.files) }, { weight: 1, arbitrary: random });
}

interface Breaker {
  arbitrary: fc.Arbitrary<[Draft, string]>;
  expect: FuzzRequest['expect'];
}

/** The ways to break a valid request of the operation, one thing at a time. */
function invalidDrafts(operation: Operation, context: RequestContext, valid: fc.Arbitrary<Draft>): Breaker[] {
  const breakers: Breaker[] = [];
  const refused = (arbitrary: fc.Arbitrary<[Draft, string]>) => breakers.push({ arbitrary, expect: 'refused' });
  for (const parameter of operation.parameters) {
    const place = parameter.in === 'path' ? 'path' : parameter.in === 'query' ? 'query' : 'headers';
    const wrong = wrongOnWire(parameter, context);
    if (wrong) {
      refused(
        fc
          .tuple(valid, wrong)
          .map(([draft, bad]) => [
            { ...draft, [place]: { ...draft[place], [parameter.name]: bad.text } },
            bad.mutation,
          ]),
      );
    }
    if (parameter.required && parameter.in !== 'path') {
      refused(
        valid.map((draft) => {
          const { [parameter.name]: _dropped, ...rest } = draft[place] as Record<string, unknown>;
          return [
            { ...draft, [place]: rest },
            `${parameter.in} parameter ${parameter.name}: the required parameter left out`,
          ];
        }),
      );
    }
  }
  const body = operation.bodies[0];
  if (body) breakers.push(...bodyBreakers(body, context, valid));
  if (operation.secured) {
    const falseTokens = fc.constantFrom(
      'Bearer ',
      'Bearer not-a-token',
      // A token signed with no algorithm, and one signed with another key.
      'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiJ9.',
      'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiIsImlhdCI6MTcwMDAwMDAwMH0.c2lnbmF0dXJlLW9mLWFub3RoZXIta2V5',
      'Basic YWRtaW46YWRtaW4xMjM=',
    );
    breakers.push({
      arbitrary: valid.map((draft) => [{ ...draft, auth: 'none' }, 'no token']),
      expect: 'unauthorized',
    });
    breakers.push({
      arbitrary: fc
        .tuple(valid, falseTokens)
        .map(([draft, header]) => [{ ...draft, auth: { header } }, `a false token: ${header}`]),
      expect: 'unauthorized',
    });
  }
  return breakers;
}

function bodyBreakers(body: RequestBody, context: RequestContext, valid: fc.Arbitrary<Draft>): Breaker[] {
  const breakers: Breaker[] = [];
  const refused = (arbitrary: fc.Arbitrary<[Draft, string]>) => breakers.push({ arbitrary, expect: 'refused' });
  const withBody = valid.filter((draft) => draft.body !== undefined);
  if (body.required) {
    refused(valid.map((draft) => [{ ...draft, body: undefined }, 'the required body left out']));
  }
  if (body.media === 'application/json') {
    const wrong = context.arbitraries.invalid(body.schema, '(body)');
    if (wrong)
      refused(
        fc
          .tuple(withBody, wrong)
          .map(([draft, bad]) => [{ ...draft, body: { media: body.media, value: bad.value } }, bad.mutation]),
      );
    const cuts = fc.constantFrom<[string, (text: string) => string]>(
      ['cut short', (text) => text.slice(0, Math.max(1, text.length - 1))],
      ['a stray brace after it', (text) => `${text}}`],
      ['single quotes', (text) => text.replace(/"/g, "'")],
      ['empty', () => ''],
      ['not JSON at all', () => 'title=x&date=y'],
    );
    const notJson = (text: string, cut: (text: string) => string) => {
      const broken = cut(text);
      // `{}` in single quotes is still `{}`: then a stray brace breaks it.
      return parses(broken) ? `${text}}` : broken;
    };
    refused(
      fc.tuple(withBody, cuts).map(([draft, [what, cut]]) => [
        {
          ...draft,
          body: {
            raw: notJson(JSON.stringify((draft.body as { value: unknown }).value), cut),
            contentType: 'application/json',
          },
        },
        `(body): not JSON, ${what}`,
      ]),
    );
    const types = fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    );
    refused(
      fc
        .tuple(withBody, types)
        .map(([draft, contentType]) => [
          { ...draft, body: { raw: JSON.stringify((draft.body as { value: unknown }).value), contentType } },
          `(body): JSON sent as ${contentType ?? 'no media type'}`,
        ]),
    );
  }
  if (body.media === 'multipart/form-data') {
    for (const name of (body.schema as SchemaObject).required ?? []) {
      refused(
        withBody.map((draft) => {
          const { [name]: _dropped, ...rest } = (draft.body as { value: Record<string, unknown> }).value;
          return [
            { ...draft, body: { media: body.media, value: rest } },
            `(form) ${name}: the required field left out`,
          ];
        }),
      );
    }
    refused(
      fc
        .tuple(valid, fc.constantFrom(...context.files))
        .map(([draft, file]) => [
          { ...draft, body: { raw: file.bytes, contentType: file.type } },
          `(body): the file ${file.name} sent bare as ${file.type}, not as a form`,
        ]),
    );
  }
  return breakers;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Values of the parameter its schema refuses as the server reads them (text), or null if none. */
function wrongOnWire(parameter: Parameter, context: RequestContext): fc.Arbitrary<Mutated & { text: string }> | null {
  const mutated = context.arbitraries.invalid(parameter.schema, `${parameter.in} parameter ${parameter.name}`);
  if (!mutated) return null;
  const texts = mutated
    .map((bad) => ({ ...bad, text: parameter.in === 'header' ? headerText(bad.value) : wireText(bad.value) }))
    .filter(({ text }) => parameter.in !== 'path' || sendableSegment(text));
  const wrong = ({ text }: { text: string }) => problemOnWire(parameter, text, context) !== null;
  // A number where a string is wanted is a string all the same once in a URL: keep those that
  // stay wrong, if any do.
  if (!fc.sample(texts, { numRuns: 40, seed: 7 }).some(wrong)) return null;
  return texts.filter(wrong);
}

/** What the document finds wrong with the parameter sent as `text`, read as its schema's type. */
function problemOnWire(parameter: Parameter, text: string, context: RequestContext): string | null {
  return context.checker.schemaProblem(parameter.location, readText(text, parameter.schema as SchemaObject));
}

function readText(text: string, schema: SchemaObject): unknown {
  const types = [
    schema.type ?? [],
    ...(schema.anyOf ?? []).map((branch) => (branch as SchemaObject).type ?? []),
  ].flat();
  if ((types.includes('integer') || types.includes('number')) && /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && text === '') return null;
  return text;
}

/** A value as a URL or a form writes it. */
function wireText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A header's value: its text, with what a header cannot carry (not ASCII, new lines) as `?`. */
const headerText = (value: unknown) => wireText(value).replace(/[^\t\x20-\x7e]/g, '?');

/**
 * Whether a path parameter can be sent as `text`: an empty one is no segment, and URLs read `.`
 * and `..` (even as %2E) as "this folder" and "the folder above", whatever the document says.
 */
const sendableSegment = (text: string) => text !== '' && text !== '.' && text !== '..';

function written(operation: Operation, draft: Draft, what: string, expect: FuzzRequest['expect']): FuzzRequest {
  const path = operation.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(draft.path[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(draft.query)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, wireText(item));
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft.headers)) headers[name] = String(value);
  let body: FuzzRequest['body'];
  if (draft.body && 'raw' in draft.body) {
    body = draft.body.raw;
    if (draft.body.contentType) headers['Content-Type'] = draft.body.contentType;
  } else if (draft.body?.media === 'multipart/form-data') {
    const form = multipart(draft.body.value as Record<string, unknown>);
    body = form.body;
    headers['Content-Type'] = form.contentType;
  } else if (draft.body) {
    body = JSON.stringify(draft.body.value);
    headers['Content-Type'] = draft.body.media;
  }
  const search = query.toString();
  return {
    operation: operation.key,
    what,
    valid: expect === 'allowed',
    method: operation.method,
    path: search ? `${path}?${search}` : path,
    headers,
    auth: draft.auth,
    body,
    expect,
  };
}

const BOUNDARY = '----openapi-fuzz-boundary';

function multipart(fields: Record<string, unknown>): { body: Uint8Array; contentType: string } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const file = value as SampleFile;
    const isSample = typeof value === 'object' && value !== null && 'bytes' in file;
    const head = isSample
      ? `Content-Disposition: form-data; name="${name}"; filename="${file.name.replace(/"/g, '%22')}"\r\nContent-Type: ${file.type}`
      : `Content-Disposition: form-data; name="${name}"`;
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\n${head}\r\n\r\n`),
      isSample ? Buffer.from(file.bytes) : Buffer.from(String(value)),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}
