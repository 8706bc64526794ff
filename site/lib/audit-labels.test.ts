import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA_LOOKS } from '../contract/personal-data.ts';
import { actionLabel, isFailedLogin } from './audit-labels.ts';

describe('actionLabel', () => {
  it('says the actions of the API in words', () => {
    expect(actionLabel('event.create')).toBe('Added an event');
    expect(actionLabel('account.delete')).toBe('Removed an account');
    expect(actionLabel('login.failed')).toBe('Failed login: wrong name or password');
    expect(actionLabel('account.role.change')).toBe('Changed a role');
  });

  it('says every look at personal data, and what is done with it, in words', () => {
    for (const action of PERSONAL_DATA_LOOKS) expect(actionLabel(action)).not.toContain(':');
    expect(actionLabel('inbox.read')).toBe('Opened the inbox');
    expect(actionLabel('alumni.read')).toBe('Opened the alumni list');
    expect(actionLabel('personal-data.search')).toBe('Searched personal data');
    expect(actionLabel('personal-data.erase')).toBe("Erased a person's data");
    expect(actionLabel('retention.sweep')).toBe('Removed records past their time');
    expect(actionLabel('retention.update')).toBe('Changed how long personal data is kept');
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
