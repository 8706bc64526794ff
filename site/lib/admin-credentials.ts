/** The fixed default administrator (decisions: shown on /admin, created by the setup button). */
export const DEFAULT_ADMIN = { username: 'admin', password: 'admin123' } as const;

export const MIN_PASSWORD_LENGTH = 10;

/** Why a new password cannot be used, or null when it can (the server checks the same). */
export function newPasswordProblem(password: string, repeated: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `The new password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password === DEFAULT_ADMIN.password) return 'Choose a password other than the default one';
  if (password !== repeated) return 'The two passwords do not match';
  return null;
}
