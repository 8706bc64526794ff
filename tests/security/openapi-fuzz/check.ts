/**
 * Sends one generated request and holds its answer to the document: no server error, a status
 * and a body the document allows, a refusal that is JSON `{ message }`, and an invalid request
 * refused (401 when its token is missing or false).
 */
import type { DocumentChecker } from '../../support/openapi-check.ts';
import { jsonOf, rawRequest } from '../support.ts';
import type { FuzzRequest } from './requests.ts';
import type { Session } from './session.ts';

interface Sent {
  valid: number;
  invalid: number;
  /** Answers by "valid 200" or "invalid 400". */
  statuses: Map<string, number>;
}

/** What the fuzzer sent, operation by operation: what the coverage check reads. */
export class Coverage {
  readonly #sent = new Map<string, Sent>();

  /** Why valid requests were refused, by operation: what the document does not say of its input. */
  readonly refusals = new Map<string, Map<string, number>>();

  note(request: FuzzRequest, status: number, message?: unknown): void {
    if (request.valid && status >= 400 && typeof message === 'string') {
      const messages = this.refusals.get(request.operation) ?? new Map<string, number>();
      this.refusals.set(request.operation, messages);
      const key = `${status} ${message}`;
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
    const sent = this.#sent.get(request.operation) ?? { valid: 0, invalid: 0, statuses: new Map() };
    this.#sent.set(request.operation, sent);
    sent[request.valid ? 'valid' : 'invalid'] += 1;
    const key = `${request.valid ? 'valid' : 'invalid'} ${status}`;
    sent.statuses.set(key, (sent.statuses.get(key) ?? 0) + 1);
  }

  of(operation: string): Sent {
    return this.#sent.get(operation) ?? { valid: 0, invalid: 0, statuses: new Map() };
  }

  /** "valid 200×12 400×3, invalid 400×15": how an operation answered. */
  summary(operation: string): string {
    const { statuses } = this.of(operation);
    const kind = (which: string) =>
      [...statuses]
        .filter(([key]) => key.startsWith(`${which} `))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => `${key.split(' ')[1]}×${count}`)
        .join(' ');
    return `valid ${kind('valid') || '-'}; invalid ${kind('invalid') || '-'}`;
  }

  get requests(): number {
    return [...this.#sent.values()].reduce((sum, { valid, invalid }) => sum + valid + invalid, 0);
  }
}

export interface Checking {
  base: string;
  checker: DocumentChecker;
  session: Session;
  coverage: Coverage;
  /** The message of the API's 404 for a call it does not route: no request of the document may get it. */
  unrouted?: string;
  /** Told every JSON answer of a success, to name what it made in later requests. */
  learn?: (answer: unknown, path: string) => void;
}

export async function sendAndCheck(
  { base, checker, session, coverage, learn, unrouted }: Checking,
  request: FuzzRequest,
): Promise<void> {
  const headers = { ...request.headers };
  if (request.auth === 'token') headers.Authorization = `Bearer ${session.token}`;
  else if (request.auth !== 'none') headers.Authorization = request.auth.header;
  if (request.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(request.body));
  const answer = await rawRequest(base, { method: request.method, path: request.path, headers, body: request.body });
  const parsed = jsonOf(answer);
  coverage.note(request, answer.status, (parsed as { message?: unknown } | undefined)?.message);
  const contentType = answer.headers['content-type'] ?? null;
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`a server error (${answer.status})`);
  const documented = checker.answerProblem({
    method: request.method,
    path: request.path,
    status: answer.status,
    contentType: Array.isArray(contentType) ? contentType[0]! : contentType,
    body: parsed ?? answer.text,
  });
  if (documented) problems.push(`not as the document says: ${documented}`);
  if (answer.status >= 400 && typeof (parsed as { message?: unknown } | undefined)?.message !== 'string') {
    problems.push(`a refusal that is not JSON { message } (${contentType})`);
  }
  if (answer.status === 404 && unrouted && (parsed as { message?: unknown } | undefined)?.message === unrouted) {
    problems.push('the document has this call, the server routes no such call');
  }
  if (request.expect === 'refused' && answer.status < 400) {
    problems.push(`an invalid request (${request.what}) taken with ${answer.status}`);
  }
  // A route may find that its path names nothing (404) before it asks who is calling.
  if (request.expect === 'unauthorized' && answer.status !== 401 && answer.status !== 404) {
    problems.push(`${request.what}: answered ${answer.status}, not 401`);
  }
  if (answer.status < 300 && parsed !== undefined) learn?.(parsed, request.path);
  try {
    await session.after(request, answer.status, sentJson(request), parsed);
  } catch (error) {
    problems.push(`the fuzzer's session could not go on: ${(error as Error).message}`);
  }
  if (problems.length > 0) {
    throw new Error(`${problems.join('\n')}\n${describe(request)}\n→ ${answer.status} ${answer.text.slice(0, 600)}`);
  }
}

const sentJson = (request: FuzzRequest) =>
  typeof request.body === 'string' && request.headers['Content-Type']?.includes('json')
    ? jsonOf({ text: request.body })
    : undefined;

/** The request as it was sent (the token left out), to read or to send again by hand. */
export function describe(request: FuzzRequest): string {
  const auth =
    request.auth === 'token'
      ? 'Authorization: Bearer <the valid token>'
      : request.auth === 'none'
        ? '(no token)'
        : `Authorization: ${request.auth.header}`;
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? `\n\n${request.body.length > 2000 ? `${request.body.slice(0, 2000)}… (${request.body.length} characters)` : request.body}`
        : `\n\n<${request.body.byteLength} bytes: ${Buffer.from(request.body.slice(0, 120))
            .toString('latin1')
            .replace(/[^\x20-\x7e\n]/g, '.')}…>`;
  return `[${request.what}] ${request.method} ${request.path}\n${[auth, ...headers].join('\n')}${body}`;
}
