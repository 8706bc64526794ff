import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });

const login = (username: string, password: string) =>
  site.call<{ token: string }>('POST', '/api/admin/login', { json: { username, password } });

/** A new account: an Editor unless `role` says otherwise (the default of POST /api/admin/create). */
async function addAccount(username: string, role?: 'administrator') {
  const password = `${username}-password`;
  const created = await site.asAdmin('POST', '/api/admin/create', { json: { username, password, role } });
  expect(created.status).toBe(201);
}

describe('GET /api/admin/accounts', () => {
  it('lists every account with exactly its name, creation, last login and two-factor state', async () => {
    await addAccount('lister');
    const answer = await site.asAdmin('GET', '/api/admin/accounts');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual([
      {
        username: 'admin',
        role: 'administrator',
        createdAt: expect.any(String),
        lastLoginAt: expect.any(String),
        twoFactor: false,
      },
      { username: 'lister', role: 'editor', createdAt: expect.any(String), lastLoginAt: null, twoFactor: false },
    ]);
    for (const account of answer.body) expect(Object.keys(account).sort()).toEqual(Object.keys(answer.body[0]).sort());
    expect(JSON.stringify(answer.body)).not.toMatch(/argon|hash|password|secret/i);
  });

  it('records the time of each successful login, and not of a failed one', async () => {
    await addAccount('timed');
    const lastLogin = async () =>
      (await site.asAdmin('GET', '/api/admin/accounts')).body.find(
        (account: { username: string }) => account.username === 'timed',
      ).lastLoginAt;
    expect(await lastLogin()).toBeNull();
    const before = Date.now();
    expect((await login('timed', 'timed-password')).status).toBe(200);
    const first = await lastLogin();
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    expect((await login('timed', 'wrong-password')).status).toBe(401);
    expect(await lastLogin()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await login('Timed', 'timed-password')).status).toBe(200);
    expect(Date.parse(await lastLogin())).toBeGreaterThan(Date.parse(first));
  });

  it('refuses a call without a valid token', async () => {
    expect((await site.call('GET', '/api/admin/accounts')).status).toBe(401);
    expect((await site.call('GET', '/api/admin/accounts', { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('DELETE /api/admin/accounts/{username}', () => {
  it('removes an account (whatever the case of its name) and answers the remaining list', async () => {
    await addAccount('leaver');
    const answer = await site.asAdmin('DELETE', '/api/admin/accounts/LEAVER');
    expect(answer.status).toBe(200);
    expect(answer.body.map((account: { username: string }) => account.username)).not.toContain('leaver');
    expect(answer.body).toEqual((await site.asAdmin('GET', '/api/admin/accounts')).body);
    expect((await login('leaver', 'leaver-password')).status).toBe(401);
  });

  it("ends the removed account's sessions at once", async () => {
    await addAccount('ousted');
    const own = (await login('ousted', 'ousted-password')).body.token;
    expect((await site.call('GET', '/api/admin/session', { token: own })).status).toBe(200);
    expect((await site.asAdmin('DELETE', '/api/admin/accounts/ousted')).status).toBe(200);
    const next = await site.call('GET', '/api/admin/session', { token: own });
    expect(next).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    const write = await site.call('POST', '/api/events', {
      token: own,
      json: { title: 'Too late', description: 'Refused', date: '2031-01-01' },
    });
    expect(write.status).toBe(401);
  });

  it('answers 404 for an unknown name, changing nothing', async () => {
    const before = (await site.asAdmin('GET', '/api/admin/accounts')).body;
    for (const name of ['nobody', encodeURIComponent('a/b'), 'x'.repeat(300)]) {
      const answer = await site.asAdmin('DELETE', `/api/admin/accounts/${name}`);
      expect(answer).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    }
    expect((await site.asAdmin('GET', '/api/admin/accounts')).body).toEqual(before);
  });

  it('refuses to remove your own account (and so the last one) with 409', async () => {
    const own = await site.asAdmin('DELETE', '/api/admin/accounts/admin');
    expect(own).toMatchObject({ status: 409, body: { message: expect.stringMatching(/your own account/) } });
    expect((await site.asAdmin('GET', '/api/admin/session')).status).toBe(200);
  });

  it('leaves one of two administrators removing each other at the same moment', async () => {
    await addAccount('rival-a', 'administrator');
    await addAccount('rival-b', 'administrator');
    const [a, b] = [
      (await login('rival-a', 'rival-a-password')).body.token,
      (await login('rival-b', 'rival-b-password')).body.token,
    ];
    const answers = await Promise.all([
      site.call('DELETE', '/api/admin/accounts/rival-b', { token: a }),
      site.call('DELETE', '/api/admin/accounts/rival-a', { token: b }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const names = (await site.asAdmin('GET', '/api/admin/accounts')).body.map(
      (account: { username: string }) => account.username,
    );
    expect(names.filter((name: string) => name.startsWith('rival-'))).toHaveLength(1);
  });

  it('refuses a call without a valid token, changing nothing', async () => {
    await addAccount('kept');
    expect((await site.call('DELETE', '/api/admin/accounts/kept')).status).toBe(401);
    const names = (await site.asAdmin('GET', '/api/admin/accounts')).body.map(
      (account: { username: string }) => account.username,
    );
    expect(names).toContain('kept');
  });
});
