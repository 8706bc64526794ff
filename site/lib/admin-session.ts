/** The administrator's token, kept in the browser's storage as the spec says. */
const TOKEN_KEY = 'adminToken';
const LOGIN_PAGE = '/admin';
/** A call that replaces the token (a password change) while it runs. */
let renewal: Promise<unknown> | null = null;

export const adminSession = {
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  save(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
  },
  /**
   * Runs `replace`, a call that gives a new token and stores it (a password change): the server
   * refuses the old token from the moment it changed the password, so a call refused meanwhile
   * waits for it (`renewed`) and is sent again with the new token rather than ending the session.
   */
  async renew<T>(replace: () => Promise<T>): Promise<T> {
    const running = replace();
    renewal = running;
    try {
      return await running;
    } finally {
      if (renewal === running) renewal = null;
    }
  },
  /** Resolves once no call replacing the token is under way. */
  async renewed(): Promise<void> {
    await renewal?.catch(() => undefined);
  },
  /** Forgets the token and opens the login page: logout, a missing token, or a 401 answer. */
  end(): void {
    localStorage.removeItem(TOKEN_KEY);
    window.location.assign(LOGIN_PAGE);
  },
};
