import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CODE_FORMAT, DEFAULT_ADMIN } from '../../contract/admin.ts';
import type { LoginAnswer } from '../../contract/api.ts';
import { adminSession } from '../../lib/admin-session.ts';
import { ApiError, apiRequest, failureMessage } from '../../lib/api-client.ts';
import { Field } from '../forms/Field.tsx';
import { useHydrated, useTypedBeforeHydration } from '../forms/hydration.ts';

type Notice = { kind: 'error' | 'success'; text: string } | null;

const DASHBOARD = '/admin/dashboard';

/**
 * /admin: log in (with the code of an authenticator app when the account asks for one), or, while
 * no administrator exists (`firstTime`), create the default administrator.
 */
export default function LoginForm({ firstTime }: { firstTime: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  /** Set once the server asked for the second step: the code of the account's authenticator app. */
  const [code, setCode] = useState<string | null>(null);
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
        json: code === null ? { username, password } : { username, password, code },
      });
      adminSession.save(token);
      window.location.assign(DASHBOARD);
    } catch (error) {
      if (asksForCode(error)) {
        // The first time, the code step itself says what to do; after a wrong code, the server's reason.
        if (code !== null) setNotice({ kind: 'error', text: failureMessage(error, CODE_FORMAT) });
        setCode('');
      } else {
        setNotice({ kind: 'error', text: failureMessage(error, 'Login failed') });
      }
      setBusy(null);
    }
  }

  function startOver() {
    setCode(null);
    setPassword('');
    setNotice(null);
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

  const noticeText = notice && (
    <p className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  );

  if (code !== null) {
    return (
      <form ref={formRef} className="login-form" method="post" onSubmit={login}>
        <p className="login-step">
          Two-factor login for <strong>{username}</strong>: open your authenticator app and enter the code it shows for
          this site.
        </p>
        <Field name="code" marked={false} label="6-digit code" required>
          {(control) => (
            <input
              {...control}
              className="code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              title={CODE_FORMAT}
              // biome-ignore lint/a11y/noAutofocus: the code is the one thing asked for on this step
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          )}
        </Field>
        {noticeText}
        <button type="submit" disabled={busy !== null}>
          {busy === 'login' ? 'Checking…' : 'Verify and log in'}
        </button>
        <button type="button" className="secondary" onClick={startOver} disabled={busy !== null}>
          Log in as someone else
        </button>
      </form>
    );
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
          <input
            {...control}
            type="text"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
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
      {noticeText}
      <button type="submit" disabled={!hydrated || busy !== null}>
        {busy === 'login' ? 'Logging in…' : 'Login'}
      </button>
      {firstTime && (
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
      )}
    </form>
  );
}

/** A 401 answer to the right password of an account with two-factor login on (or to a wrong code). */
function asksForCode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    'twoFactorRequired' in error.body &&
    error.body.twoFactorRequired === true
  );
}
