import { type FormEvent, useState } from 'react';
import { TwoFactorCode } from '../../contract/admin.ts';
import type { AccountSummary, MessageAnswer, TwoFactorSetup } from '../../contract/api.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { Field } from '../forms/Field.tsx';
import { Alert } from './Alert.tsx';
import { QrCode } from './QrCode.tsx';
import { useAction } from './use-action.ts';

const SETUP = 'setup';
const ENABLE = 'enable';
const DISABLE = 'disable';

/**
 * The signed-in account's two-factor login: set it up (scan the QR code, or type the key, then
 * confirm with a code), or turn it off with a code. `onChanged` reloads what shows its state.
 */
export function TwoFactorSettings({
  account,
  onChanged,
}: {
  account: Pick<AccountSummary, 'username' | 'twoFactor'>;
  onChanged: () => Promise<void>;
}) {
  const action = useAction();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<string | null>(null);

  async function start() {
    setDone(null);
    await action.run(SETUP, 'Failed to start the two-factor setup', async () => {
      setSetup(await adminRequest<TwoFactorSetup>('/api/admin/2fa/setup', { method: 'POST' }));
      setCode('');
    });
  }

  async function confirm(event: FormEvent, step: typeof ENABLE | typeof DISABLE) {
    event.preventDefault();
    const checked = TwoFactorCode.safeParse(code);
    if (!checked.success) return action.refuse(step, checked.error.issues[0]?.message ?? 'Enter the code');
    const failure = step === ENABLE ? 'Failed to turn two-factor login on' : 'Failed to turn two-factor login off';
    const succeeded = await action.run(step, failure, async () => {
      const { message } = await adminRequest<MessageAnswer>(`/api/admin/2fa/${step}`, {
        method: 'POST',
        json: { code: checked.data },
      });
      setDone(`${message}.`);
      setSetup(null);
      setCode('');
      await onChanged();
    });
    if (!succeeded) setCode('');
  }

  const codeField = (disabled: boolean) => (
    <Field name="two-factor-code" marked={false} label="6-digit code from the app" required>
      {(control) => (
        <input
          {...control}
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/[^\d ]/g, ''))}
          disabled={disabled}
        />
      )}
    </Field>
  );

  return (
    <section className="two-factor" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title">Your two-factor login</h3>
      {done && (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      )}
      {account.twoFactor ? (
        <form className="add-form" onSubmit={(event) => void confirm(event, DISABLE)} noValidate>
          <p>
            Two-factor login is <strong>on</strong>: logging in as {account.username} asks for a code from your
            authenticator app after the password. To turn it off, enter the code the app shows now.
          </p>
          <Alert failure={action.alertFor(DISABLE)} onDismiss={action.dismiss} />
          <div className="field-row">{codeField(action.busy)}</div>
          <div className="form-actions">
            <button type="submit" className="danger" disabled={action.busy}>
              {action.label(DISABLE, 'Turn two-factor login off', 'Turning off…')}
            </button>
          </div>
        </form>
      ) : setup ? (
        <form className="add-form" onSubmit={(event) => void confirm(event, ENABLE)} noValidate>
          <ol className="two-factor-steps">
            <li>
              <p>
                In an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or
                FreeOTP), add an account by scanning this code:
              </p>
              <QrCode text={setup.otpauthUrl} label="QR code for your authenticator app" />
              <p>
                Or type this key into the app instead:{' '}
                <code className="two-factor-secret">{setup.secret.match(/.{1,4}/g)?.join(' ')}</code>
              </p>
            </li>
            <li>
              <p>Enter the 6-digit code the app now shows for this site, to check that it works.</p>
              <Alert failure={action.alertFor(ENABLE)} onDismiss={action.dismiss} />
              <div className="field-row">{codeField(action.busy)}</div>
            </li>
          </ol>
          <div className="form-actions">
            <button type="submit" disabled={action.busy}>
              {action.label(ENABLE, 'Turn two-factor login on', 'Checking…')}
            </button>
            <button type="button" className="secondary" onClick={() => setSetup(null)} disabled={action.busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="two-factor-off">
          <p>
            Two-factor login is <strong>off</strong>. Turn it on to be asked, after your password, for a code from an
            app on your phone: someone who learns your password still cannot log in as you.
          </p>
          <Alert failure={action.alertFor(SETUP)} onDismiss={action.dismiss} />
          <div className="form-actions">
            <button type="button" onClick={() => void start()} disabled={action.busy}>
              {action.label(SETUP, 'Set up two-factor login', 'Starting…')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
