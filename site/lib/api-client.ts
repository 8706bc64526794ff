/**
 * How the islands call the API: paths on the same origin (or on PUBLIC_API_ORIGIN, when the page
 * names one: ./api-origin.ts), JSON in and out, and errors that tell a dropped connection apart
 * from an answer with a message.
 */
import { apiOriginOfPage } from './api-origin.ts';

export const CONNECTION_MESSAGE = 'Cannot connect to server. Please make sure the backend is running on port 5000.';

export class ApiError extends Error {
  /** 0 when the server could not be reached. */
  readonly status: number;
  /** The server's `message`, when it sent one. */
  readonly serverMessage: string | null;
  /** The whole answer, for the errors that say more than a message (a login asking for a code). */
  readonly body: unknown;

  constructor(status: number, serverMessage: string | null, body: unknown = null) {
    super(serverMessage ?? (status === 0 ? CONNECTION_MESSAGE : `Request failed (${status})`));
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: FormData;
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiExchange<T>(path, options)).body;
}

/** Like `apiRequest`, with the answer's headers too (the dashboard reads the content's ETag). */
export async function apiExchange<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiOriginOfPage() + path, {
      method: options.method ?? 'GET',
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, serverMessage(body), body);
  return { body: body as T, headers: response.headers };
}

/** The `message` of an error answer's JSON body, if it has one. */
export function serverMessage(body: unknown): string | null {
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
    ? body.message
    : null;
}

/** The text to show for a failed call: the connection message, the server's, or `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return CONNECTION_MESSAGE;
    return error.serverMessage ?? fallback;
  }
  return fallback;
}
