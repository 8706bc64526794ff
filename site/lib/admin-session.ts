/** The administrator's token, kept in the browser's storage as the spec says. */
const TOKEN_KEY = 'adminToken';
const LOGIN_PAGE = '/admin';

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
  /** Forgets the token and opens the login page: logout, a missing token, or a 401 answer. */
  end(): void {
    localStorage.removeItem(TOKEN_KEY);
    window.location.assign(LOGIN_PAGE);
  },
};
