/** The administrator's token, kept in the browser's storage as the spec says. */
const TOKEN_KEY = 'adminToken';

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
};
