/**
 * Small helpers to call the product's API as the dashboard does. Every answer of an `/api/` call is
 * checked against the server's OpenAPI document (./openapi-check.ts): one it does not allow fails.
 */
import { documentChecker } from './openapi-check.ts';
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape; their assertions check them
export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(base + path, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  if (path.startsWith('/api/')) {
    const problem = (await documentChecker(base))?.answerProblem({
      method,
      path,
      status: response.status,
      contentType: response.headers.get('content-type'),
      body,
    });
    if (problem) throw new Error(`The answer breaks the API's OpenAPI document: ${problem}`);
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** Creates the default administrator (the setup button) and logs in: answers the token. */
export async function setupAndLogin(base: string): Promise<string> {
  const credentials = { username: 'admin', password: 'admin123' };
  const created = await call(base, 'POST', '/api/admin/create', { json: credentials });
  if (created.status !== 201) throw new Error(`setup failed: ${JSON.stringify(created.body)}`);
  const login = await call<{ token: string }>(base, 'POST', '/api/admin/login', { json: credentials });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return login.body.token;
}

/** Waits until the public site shows the latest content (GET /api/admin/build-status says live). */
export async function waitUntilLive(base: string, token: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await call<{ live: boolean; state: string; error: string | null }>(
      base,
      'GET',
      '/api/admin/build-status',
      { token },
    );
    if (status.body.live) return;
    if (status.body.state === 'failed') throw new Error(`build failed: ${status.body.error}`);
    if (Date.now() > deadline) throw new Error(`not live after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
