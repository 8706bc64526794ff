/**
 * The fuzzer's session: the administrator `admin` the harness made, and its token. The fuzzer
 * sends every call, those that could end the session too (a password change, a new role, a
 * removal, two-factor login): most are refused (they need the current password, a code, or would
 * leave no administrator), and when one is not, the session is made whole again here: logged in
 * anew, or given back its role by an administrator account the fuzzer made and knows.
 */
import { jsonOf, rawRequest } from '../support.ts';
import type { FuzzRequest } from './requests.ts';

const ADMIN = { username: 'admin', password: 'admin123' };

export class Session {
  readonly #base: string;
  #token: string;
  /** Accounts the fuzzer made, with their passwords. */
  readonly #made = new Map<string, string>();
  #logins = 0;
  #password = ADMIN.password;
  /** How often the session had to be mended, and how. */
  readonly mended: string[] = [];

  constructor(base: string, token: string) {
    this.#base = base;
    this.#token = token;
  }

  get token(): string {
    return this.#token;
  }

  /**
   * Notes what an answer did to the accounts (the JSON `sent`, the JSON `answer`); mends the
   * session if the call may have ended it.
   */
  async after(request: FuzzRequest, status: number, sent: unknown, answer: unknown): Promise<void> {
    if (status >= 300 || request.method === 'GET') return;
    if (request.path === '/api/admin/create' && status === 201) {
      const { username, password } = sent as { username: string; password: string };
      this.#made.set(username, password);
    }
    // The document's example sends the right current password: the new one is the session's now.
    if (request.path === '/api/admin/password' && request.auth === 'token') {
      this.#password = (sent as { newPassword: string }).newPassword;
      this.#token = (answer as { token: string }).token;
      this.mended.push('took the new password and token');
    }
    if (request.path.startsWith('/api/admin/')) await this.mend();
  }

  /** Makes sure the token is valid and `admin` an Administrator. */
  async mend(): Promise<void> {
    const session = await this.#call('GET', '/api/admin/session', this.#token);
    if (session.status === 401) {
      const token = await this.#login(ADMIN.username, this.#password);
      if (!token) throw new Error(`The fuzzer was logged out and cannot log in again as ${ADMIN.username}`);
      this.#token = token;
      this.mended.push('logged in again');
      return this.mend();
    }
    const role = (jsonOf(session) as { role?: string } | undefined)?.role;
    if (role === 'administrator') return;
    for (const [username, password] of this.#made) {
      const token = await this.#login(username, password);
      if (!token) continue;
      const restored = await this.#call('PUT', `/api/admin/accounts/${ADMIN.username}`, token, {
        role: 'administrator',
      });
      if (restored.status === 200) {
        this.mended.push(`${ADMIN.username} made an Administrator again by ${username}`);
        return;
      }
    }
    throw new Error(
      `${ADMIN.username} is now ${role}, and no account the fuzzer made can make it an Administrator again`,
    );
  }

  /** A token for the account, or null. From an address of its own: failed logins of the fuzz do not count. */
  async #login(username: string, password: string): Promise<string | null> {
    this.#logins += 1;
    const answer = await this.#call(
      'POST',
      '/api/admin/login',
      undefined,
      { username, password },
      {
        'X-Forwarded-For': `10.24.${this.#logins >> 8}.${this.#logins & 255}`,
      },
    );
    const body = jsonOf(answer) as { token?: string; role?: string } | undefined;
    return answer.status === 200 && body?.token ? body.token : null;
  }

  #call(method: string, path: string, token?: string, json?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { ...extra };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    return rawRequest(this.#base, {
      method,
      path,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  }
}
