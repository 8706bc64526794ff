import { describe, expect, it } from 'vitest';
import { actionLabel, isFailedLogin } from './audit-labels.ts';

describe('actionLabel', () => {
  it('says the actions of the API in words', () => {
    expect(actionLabel('event.create')).toBe('Added an event');
    expect(actionLabel('account.delete')).toBe('Removed an account');
    expect(actionLabel('login.failed')).toBe('Failed login: wrong name or password');
  });

  it('says actions it does not know from their words', () => {
    expect(actionLabel('settings.update')).toBe('Edited: settings');
    expect(actionLabel('history.restore')).toBe('Restore: history');
    expect(actionLabel('circular.document.delete')).toBe('Deleted: circular document');
    expect(actionLabel('logout')).toBe('Logout');
  });

  it('tells failed logins apart', () => {
    expect(isFailedLogin('login.failed')).toBe(true);
    expect(isFailedLogin('login.code-failed')).toBe(true);
    expect(isFailedLogin('login')).toBe(false);
    expect(isFailedLogin('event.delete')).toBe(false);
  });
});
