import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DEFAULT_ADMIN } from '../../contract/admin.ts';
import type { LoginAnswer } from '../../contract/api.ts';
import { adminSession } from '../../lib/admin-session.ts';
import { apiRequest, failureMessage } from '../../lib/api-client.ts';
import { Field } from '../forms/Field.tsx';
import { useHydrated, useTypedBeforeHydration } from '../forms/hydration.ts';

type Notice = { kind: 'error' | 'success'; text: string } | null;

const DASHBOARD = '/admin/dashboard';

/** /admin: log in, or create the default administrator on first use. */
export default function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'login' | 'setup' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [hasSession, setHasSession] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useTypedBeforeHydration(formRef, ['username', 'password'], (typed) => {
    if (typed.username) setUsername(typed.username);
    if (typed.password) setPassword(typed.password);
  });

  useEffect(() => setHasSession(adminSession.token() !== null), []);

  async function login(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy('login');
    setNotice(null);
    try {
      const { token } = await apiRequest<LoginAnswer>('/api/admin/login', {
        method: 'POST',
        json: { username, password },
      });
      adminSession.save(token);
      window.location.assign(DASHBOARD);
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error, 'Login failed') });
      setBusy(null);
    }
  }

  async function setup() {
    if (busy) return;
    setBusy('setup');
    setNotice(null);
    try {
      await apiRequest('/api/admin/create', { method: 'POST', json: DEFAULT_ADMIN });
      setNotice({
        kind: 'success',
        text: `Admin account created successfully! Username: ${DEFAULT_ADMIN.username}, Password: ${DEFAULT_ADMIN.password}`,
      });
      setUsername(DEFAULT_ADMIN.username);
      setPassword(DEFAULT_ADMIN.password);
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error, 'Failed to create admin account') });
    }
    setBusy(null);
  }

  return (
    // method="post": should someone submit before the page's script runs, the password never
    // ends up in the address bar or a server log.
    <form ref={formRef} className="login-form" method="post" onSubmit={login}>
      {hasSession && (
        <p className="notice notice-info">
          You are already logged in. <a href={DASHBOARD}>Open the dashboard</a>
        </p>
      )}
      <Field name="username" marked={false} label="Username" required>
        {(control) => (
          <input {...control} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
        )}
      </Field>
      <Field name="password" marked={false} label="Password" required>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {notice && (
        <p className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <button type="submit" disabled={!hydrated || busy !== null}>
        {busy === 'login' ? 'Logging in…' : 'Login'}
      </button>
      <div className="setup">
        <p>First time here? Create the administrator account, then log in with it.</p>
        <button type="button" className="secondary" onClick={setup} disabled={!hydrated || busy !== null}>
          {busy === 'setup' ? 'Creating…' : 'First-time setup: create admin account'}
        </button>
        <p className="hint">
          Default credentials: username <code>{DEFAULT_ADMIN.username}</code>, password{' '}
          <code>{DEFAULT_ADMIN.password}</code>
        </p>
      </div>
    </form>
  );
}
