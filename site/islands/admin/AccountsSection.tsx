import { type FormEvent, useState } from 'react';
import { MIN_ACCOUNT_PASSWORD_LENGTH, NewAccount } from '../../contract/admin.ts';
import type { AccountSummary } from '../../contract/api.ts';
import { ROLE_DUTIES, ROLE_NAMES, ROLES, type Role } from '../../contract/roles.ts';
import { adminRequest } from '../../lib/admin-api.ts';
import { countLabel, formatMoment } from '../../lib/display-format.ts';
import { TextField } from '../forms/TextField.tsx';
import { Alert } from './Alert.tsx';
import { Panel } from './Panel.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';
import { useSchoolTimeZone } from './time-zone.ts';
import { useAction } from './use-action.ts';

/** The accounts as loaded: the list, or the load failed. */
export type AccountsList = { ok: true; accounts: AccountSummary[] } | { ok: false };

const ADD = 'add';

export const loadAccounts = (): Promise<AccountsList> =>
  adminRequest<AccountSummary[]>('/api/admin/accounts').then(
    (accounts) => ({ ok: true, accounts }),
    () => ({ ok: false }),
  );

/**
 * Everyone who may edit the site, one account each, with the role that says what it may do:
 * listed, added, given another role, removed; your own two-factor login.
 */
export function AccountsSection({
  username,
  list,
  onAccounts,
}: {
  /** The administrator logged in now. */
  username: string;
  list: AccountsList;
  onAccounts: (list: AccountsList) => void;
}) {
  const reload = async () => onAccounts(await loadAccounts());
  if (!list.ok) {
    return (
      <Panel id="accounts" title="Accounts">
        <div className="alert" role="alert">
          <p>
            <strong>Failed to load the accounts</strong>
          </p>
          <button type="button" className="secondary" onClick={() => void reload()}>
            Retry
          </button>
        </div>
      </Panel>
    );
  }
  const own = list.accounts.find((account) => account.username.toLowerCase() === username.toLowerCase());
  return (
    <Panel
      id="accounts"
      title="Accounts"
      summary={`${countLabel(list.accounts.length, 'account')}. Each person who edits the site should have their own, with the role their work needs, so the activity log shows who did what.`}
    >
      <AccountList
        accounts={list.accounts}
        username={username}
        onAccounts={(accounts) => onAccounts({ ok: true, accounts })}
      />
      <AddAccountForm onAdded={reload} />
      {own && <TwoFactorSettings account={own} onChanged={reload} />}
    </Panel>
  );
}

function AccountList({
  accounts,
  username,
  onAccounts,
}: {
  accounts: AccountSummary[];
  username: string;
  onAccounts: (accounts: AccountSummary[]) => void;
}) {
  const action = useAction();
  const timeZone = useSchoolTimeZone();

  function changeRole(account: AccountSummary, role: Role) {
    void action.run(account.username, 'Failed to change the role', async () => {
      onAccounts(
        await adminRequest<AccountSummary[]>(`/api/admin/accounts/${encodeURIComponent(account.username)}`, {
          method: 'PUT',
          json: { role },
        }),
      );
    });
  }

  function remove(account: AccountSummary) {
    const confirmed = window.confirm(
      `Remove the account "${account.username}"? Whoever uses it is logged out at once and can no longer log in.`,
    );
    if (!confirmed) return;
    void action.run(account.username, 'Failed to remove the account', async () => {
      onAccounts(
        await adminRequest<AccountSummary[]>(`/api/admin/accounts/${encodeURIComponent(account.username)}`, {
          method: 'DELETE',
        }),
      );
    });
  }

  return (
    <ul className="item-list" aria-label="Accounts">
      {accounts.map((account) => {
        const isOwn = account.username.toLowerCase() === username.toLowerCase();
        return (
          <li key={account.username} className="item account" aria-label={account.username}>
            <Alert failure={action.alertFor(account.username)} onDismiss={action.dismiss} />
            <div className="account-row">
              <div className="item-body">
                <div className="account-head">
                  <h3 className="item-title">{account.username}</h3>
                  {isOwn && <span className="badge badge-own">You</span>}
                  <span className={`badge ${account.twoFactor ? 'badge-approved' : 'badge-neutral'}`}>
                    {account.twoFactor ? 'Two-factor on' : 'Two-factor off'}
                  </span>
                </div>
                <p className="item-meta account-meta">
                  <span>Added {formatMoment(account.createdAt, timeZone)}</span>
                  <span>Last login: {account.lastLoginAt ? formatMoment(account.lastLoginAt, timeZone) : 'never'}</span>
                </p>
              </div>
              <RoleSelect
                id={`role-${account.username}`}
                label={`Role of ${account.username}`}
                value={account.role}
                onChange={(role) => changeRole(account, role)}
                disabled={action.busy}
              />
              {!isOwn && (
                <button
                  type="button"
                  className="danger"
                  onClick={() => remove(account)}
                  disabled={action.busy}
                  aria-label={`Remove the account ${account.username}`}
                >
                  {action.label(account.username, 'Remove', 'Removing…')}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function AddAccountForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const action = useAction();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [added, setAdded] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setAdded(null);
    const checked = NewAccount.safeParse({ username, password, role });
    if (!checked.success) return action.refuse(ADD, checked.error.issues[0]?.message ?? 'Check the new account');
    const done = await action.run(ADD, 'Failed to add the account', async () => {
      await adminRequest('/api/admin/create', { method: 'POST', json: checked.data });
      await onAdded();
    });
    if (done) {
      setAdded(
        `The account "${checked.data.username}" was added, as ${ROLE_NAMES[role]}. Give its password to its owner in person.`,
      );
      setUsername('');
      setPassword('');
      setRole('editor');
    }
  }

  return (
    <form className="add-form" onSubmit={add} noValidate aria-labelledby="add-account-title">
      <h3 id="add-account-title">Add an account</h3>
      <Alert failure={action.alertFor(ADD)} onDismiss={action.dismiss} />
      {added && (
        <p className="notice notice-success" role="status">
          {added}
        </p>
      )}
      <div className="field-row">
        <TextField
          id="new-account-username"
          label="Username"
          value={username}
          onChange={setUsername}
          required
          disabled={action.busy}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          id="new-account-password"
          label={`Password (at least ${MIN_ACCOUNT_PASSWORD_LENGTH} characters)`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          required
          disabled={action.busy}
          maxLength={200}
        />
        <RoleSelect id="new-account-role" label="Role" value={role} onChange={setRole} disabled={action.busy} />
      </div>
      <p className="hint">{ROLE_DUTIES[role]}.</p>
      <div className="form-actions">
        <button type="submit" disabled={action.busy}>
          {action.label(ADD, 'Add account', 'Adding…')}
        </button>
      </div>
    </form>
  );
}

/** A choice of role, each named with what it may do. */
function RoleSelect({
  id,
  label,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: Role;
  onChange: (role: Role) => void;
  disabled: boolean;
}) {
  return (
    <div className="field role-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Role)} disabled={disabled}>
        {ROLES.map((role) => (
          <option key={role} value={role} title={ROLE_DUTIES[role]}>
            {ROLE_NAMES[role]}
          </option>
        ))}
      </select>
    </div>
  );
}
