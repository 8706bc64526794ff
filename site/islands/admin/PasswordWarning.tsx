import { type FormEvent, useState } from 'react';
import { DEFAULT_ADMIN, MIN_PASSWORD_LENGTH, newPasswordProblem } from '../../contract/admin.ts';
import type { PasswordChanged } from '../../contract/api.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { adminSession } from '../../lib/admin-session.ts';
import { Field } from '../forms/Field.tsx';
import { Alert } from './Alert.tsx';
import { useAction } from './use-action.ts';

const CHANGE = 'change';

/**
 * Shown while the default password is in use (anyone who has seen the login page knows it): a
 * form to choose a new one. The answer's new token replaces the old one, which stops working.
 */
export function PasswordWarning({ username, onChanged }: { username: string; onChanged: () => void }) {
  const action = useAction();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');

  async function change(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, repeated);
    if (problem) return action.refuse(CHANGE, problem);
    const done = await action.run(CHANGE, 'Failed to change the password', async () => {
      await adminSession.renew(async () => {
        const { token } = await adminRequest<PasswordChanged>('/api/admin/password', {
          method: 'PUT',
          json: { currentPassword: DEFAULT_ADMIN.password, newPassword: password },
          renewing: true,
        });
        adminSession.save(token);
      });
    });
    if (done) onChanged();
  }

  return (
    <section className="warning" aria-labelledby="password-warning-title">
      <h2 id="password-warning-title">Please change the default password</h2>
      <p>
        You are logged in with the default password, which is shown on the login page for anyone to read. Choose a new
        password of at least {MIN_PASSWORD_LENGTH} characters.
      </p>
      <form className="password-form" onSubmit={change} noValidate>
        <Alert failure={action.alertFor(CHANGE)} onDismiss={action.dismiss} />
        {/* Lets a password manager file the new password under the right account. */}
        <input
          type="text"
          name="username"
          aria-label="Username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        <div className="field-row">
          <Field name="new-password" marked={false} label="New password" required>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                disabled={action.busy}
              />
            )}
          </Field>
          <Field name="repeated-password" marked={false} label="Repeat the new password" required>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="new-password"
                value={repeated}
                onChange={(event) => setRepeated(event.target.value)}
                disabled={action.busy}
              />
            )}
          </Field>
        </div>
        <div className="form-actions">
          <button type="submit" disabled={action.busy}>
            {action.label(CHANGE, 'Change password', 'Changing…')}
          </button>
        </div>
      </form>
    </section>
  );
}
