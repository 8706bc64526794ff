import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, setupAndLogin } from '../support/api.ts';
import { disposeServer, type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await setupAndLogin(server.url);
});
afterAll(() => disposeServer(server));

const login = (username: string, password: string) =>
  call<{ token: string }>(server.url, 'POST', '/api/admin/login', { json: { username, password } });

async function addAccount(username: string, password = `${username}-password`) {
  const created = await call(server.url, 'POST', '/api/admin/create', { token, json: { username, password } });
  expect(created.status).toBe(201);
}

describe('GET /api/admin/accounts', () => {
  it('lists every account with exactly its name, creation, last login and two-factor state', async () => {
    await addAccount('lister');
    const answer = await call(server.url, 'GET', '/api/admin/accounts', { token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual([
      { username: 'admin', createdAt: expect.any(String), lastLoginAt: expect.any(String), twoFactor: false },
      { username: 'lister', createdAt: expect.any(String), lastLoginAt: null, twoFactor: false },
    ]);
    for (const account of answer.body) expect(Object.keys(account).sort()).toEqual(Object.keys(answer.body[0]).sort());
    expect(JSON.stringify(answer.body)).not.toMatch(/argon|hash|password|secret/i);
  });

  it('records the time of each successful login, and not of a failed one', async () => {
    await addAccount('timed');
    const lastLogin = async () =>
      (await call(server.url, 'GET', '/api/admin/accounts', { token })).body.find(
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
    expect((await call(server.url, 'GET', '/api/admin/accounts')).status).toBe(401);
    expect((await call(server.url, 'GET', '/api/admin/accounts', { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('DELETE /api/admin/accounts/{username}', () => {
  it('removes an account (whatever the case of its name) and answers the remaining list', async () => {
    await addAccount('leaver');
    const answer = await call(server.url, 'DELETE', '/api/admin/accounts/LEAVER', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.map((account: { username: string }) => account.username)).not.toContain('leaver');
    expect(answer.body).toEqual((await call(server.url, 'GET', '/api/admin/accounts', { token })).body);
    expect((await login('leaver', 'leaver-password')).status).toBe(401);
  });

  it("ends the removed account's sessions at once", async () => {
    await addAccount('ousted');
    const own = (await login('ousted', 'ousted-password')).body.token;
    expect((await call(server.url, 'GET', '/api/admin/session', { token: own })).status).toBe(200);
    expect((await call(server.url, 'DELETE', '/api/admin/accounts/ousted', { token })).status).toBe(200);
    const next = await call(server.url, 'GET', '/api/admin/session', { token: own });
    expect(next).toMatchObject({ status: 401, body: { message: expect.any(String) } });
    const write = await call(server.url, 'POST', '/api/events', {
      token: own,
      json: { title: 'Too late', description: 'Refused', date: '2031-01-01' },
    });
    expect(write.status).toBe(401);
  });

  it('answers 404 for an unknown name, changing nothing', async () => {
    const before = (await call(server.url, 'GET', '/api/admin/accounts', { token })).body;
    for (const name of ['nobody', encodeURIComponent('a/b'), 'x'.repeat(300)]) {
      const answer = await call(server.url, 'DELETE', `/api/admin/accounts/${name}`, { token });
      expect(answer).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    }
    expect((await call(server.url, 'GET', '/api/admin/accounts', { token })).body).toEqual(before);
  });

  it('refuses to remove your own account (and so the last one) with 409', async () => {
    const own = await call(server.url, 'DELETE', '/api/admin/accounts/admin', { token });
    expect(own).toMatchObject({ status: 409, body: { message: expect.stringMatching(/your own account/) } });
    expect((await call(server.url, 'GET', '/api/admin/session', { token })).status).toBe(200);
  });

  it('leaves one of two administrators removing each other at the same moment', async () => {
    await addAccount('rival');
    const rival = (await login('rival', 'rival-password')).body.token;
    const [byAdmin, byRival] = await Promise.all([
      call(server.url, 'DELETE', '/api/admin/accounts/rival', { token }),
      call(server.url, 'DELETE', '/api/admin/accounts/admin', { token: rival }),
    ]);
    expect([byAdmin.status, byRival.status].sort()).toEqual([200, 401]);
    const left = await call(server.url, 'GET', '/api/admin/accounts', {
      token: byAdmin.status === 200 ? token : rival,
    });
    expect(left.status).toBe(200);
    expect(left.body.length).toBeGreaterThan(0);
    if (byRival.status === 200) {
      // The rival won: put the test's own administrator back for the tests after this one.
      token = rival;
      await addAccount('admin', 'admin123');
      token = (await login('admin', 'admin123')).body.token;
    }
  });

  it('refuses a call without a valid token, changing nothing', async () => {
    await addAccount('kept');
    expect((await call(server.url, 'DELETE', '/api/admin/accounts/kept')).status).toBe(401);
    const names = (await call(server.url, 'GET', '/api/admin/accounts', { token })).body.map(
      (account: { username: string }) => account.username,
    );
    expect(names).toContain('kept');
  });
});
