import { useState, type FormEvent } from 'react';
import { adminSession } from '../../lib/admin-session.ts';
import { apiRequest, failureMessage } from '../../lib/api-client.ts';

export const DEFAULT_CREDENTIALS = { username: 'admin', password: 'admin123' } as const;

type Notice = { kind: 'error' | 'success'; text: string } | null;

/** /admin: log in, or create the default administrator on first use. */
export default function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'login' | 'setup' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  async function login(event: FormEvent) {
    event.preventDefault();
    setBusy('login');
    setNotice(null);
    try {
      const { token } = await apiRequest<{ token: string }>('/api/admin/login', {
        method: 'POST',
        json: { username, password },
      });
      adminSession.save(token);
      window.location.assign('/admin/dashboard');
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error, 'Login failed') });
      setBusy(null);
    }
  }

  async function setup() {
    setBusy('setup');
    setNotice(null);
    try {
      await apiRequest('/api/admin/create', { method: 'POST', json: DEFAULT_CREDENTIALS });
      setNotice({
        kind: 'success',
        text: `Admin account created successfully! Username: ${DEFAULT_CREDENTIALS.username}, Password: ${DEFAULT_CREDENTIALS.password}`,
      });
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error, 'Failed to create admin account') });
    }
    setBusy(null);
  }

  return (
    <form className="login-form" onSubmit={login}>
      <label>
        Username
        <input
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {notice && (
        <p className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <button type="submit" disabled={busy !== null}>
        {busy === 'login' ? 'Logging in…' : 'Login'}
      </button>
      <button type="button" className="secondary" onClick={setup} disabled={busy !== null}>
        {busy === 'setup' ? 'Creating…' : 'First-time setup: create admin account'}
      </button>
      <p className="hint">
        Default credentials: username <code>{DEFAULT_CREDENTIALS.username}</code>, password{' '}
        <code>{DEFAULT_CREDENTIALS.password}</code>
      </p>
    </form>
  );
}
