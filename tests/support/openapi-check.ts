/**
 * Holds the server to its OpenAPI document (GET /api/openapi.json): `answerProblem` says what is
 * wrong with an answer the document does not allow (a status it does not list, a JSON body its
 * schema refuses), or null. `call()` (./api.ts) checks every answer of the API tests with it, and
 * the fuzzer (tests/security/openapi-fuzz.test.ts) every answer it provokes.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';

// ajv-formats is CommonJS: its default export arrives wrapped.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export type ApiDocument = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

export interface Answer {
  method: string;
  /** The path asked for, with its query string if any. */
  path: string;
  status: number;
  contentType: string | null;
  /** The body as JSON when it parsed, else its text. */
  body: unknown;
}

/** An operation of the document with its path template, found for a request. */
export interface FoundOperation {
  template: string;
  method: string;
  operation: Operation;
}

export class DocumentChecker {
  readonly document: ApiDocument;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp; literal: number }[];

  constructor(document: ApiDocument) {
    this.document = document;
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi.json');
    this.templates = Object.keys(document.paths ?? {}).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
      // The most literal template wins: /api/admin/alumni.csv before /api/admin/{x}.
      literal: template.replace(/\{\w+\}/g, '').length,
    }));
  }

  /** The operation answering `method path`, if the document describes one. */
  find(method: string, path: string): FoundOperation | null {
    const bare = path.split('?')[0]!;
    const lower = method.toLowerCase();
    const matches = this.templates
      .filter(({ template, pattern }) => pattern.test(bare) && this.document.paths?.[template]?.[lower as 'get'])
      .sort((a, b) => b.literal - a.literal);
    const match = matches[0];
    if (!match) return null;
    return {
      template: match.template,
      method: lower,
      operation: this.document.paths![match.template]![lower as 'get']!,
    };
  }

  /** What is wrong with `answer` by the document, or null when it allows it. */
  answerProblem(answer: Answer): string | null {
    const call = `${answer.method} ${answer.path} → ${answer.status}`;
    const found = this.find(answer.method, answer.path);
    if (!found) {
      // A call the document does not have: only the API's "no such call" (404) may answer it.
      return answer.status === 404 || answer.status === 405 ? null : `${call}: the document has no such call`;
    }
    const responses = found.operation.responses ?? {};
    const response = (responses[String(answer.status)] ?? responses.default) as OpenAPIV3_1.ResponseObject | undefined;
    if (!response) {
      return `${call}: the document allows only ${Object.keys(responses).join(', ')} for ${found.method.toUpperCase()} ${found.template}`;
    }
    const media = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    if (!media || !response.content) return null;
    if (!response.content[media]) {
      return `${call}: answered ${media}, the document says ${Object.keys(response.content).join(', ')}`;
    }
    if (media !== 'application/json' || !response.content[media].schema) return null;
    const validate = this.validator(found, String(answer.status in responses ? answer.status : 'default'));
    if (validate(answer.body)) return null;
    const problems = (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`);
    return `${call}: the body does not match the document: ${problems.join('; ')}`;
  }

  /**
   * What is wrong with `value` by the schema at `location` in the document (its path, as
   * ['paths', '/api/events', 'post', 'requestBody', …]), or null when the schema accepts it. The
   * fuzzer (tests/security/openapi-fuzz.test.ts) asks it of the requests it makes.
   */
  schemaProblem(location: readonly string[], value: unknown): string | null {
    const validate = this.compiled(location);
    if (validate(value)) return null;
    return (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '(value)'} ${error.message} ${JSON.stringify(error.params)}`)
      .join('; ');
  }

  private validator({ template, method }: FoundOperation, status: string): ValidateFunction {
    return this.compiled(['paths', template, method, 'responses', status, 'content', 'application/json', 'schema']);
  }

  private compiled(location: readonly string[]): ValidateFunction {
    // A JSON pointer in a URI fragment: `~` and `/` escaped, then percent-encoded ({id}, spaces).
    const pointer = location.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#/${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

const checkers = new Map<string, Promise<DocumentChecker | null>>();

/**
 * The checker of the document the server at `base` serves (asked once per server), or null when
 * it serves none (a static host of the built site) or could not be reached. Only a document is
 * kept: a test server started later on the same port is asked again.
 */
export function documentChecker(base: string): Promise<DocumentChecker | null> {
  let checker = checkers.get(base);
  if (!checker) {
    const none = () => {
      checkers.delete(base);
      return null;
    };
    checker = fetch(`${base}/api/openapi.json`).then(
      async (response) => (response.ok ? new DocumentChecker((await response.json()) as ApiDocument) : none()),
      none,
    );
    checkers.set(base, checker);
  }
  return checker;
}
