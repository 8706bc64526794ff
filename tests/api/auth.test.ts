import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { tokensFor } from './helpers.ts';

const SECRET = 'auth-test-secret-0123456789abcdef';
const site = testServer({ admin: true, env: { JWT_SECRET: SECRET } });

describe('administrator calls', () => {
  // Every kind of refused token, on every administrator call: tests/security/authentication.test.ts.
  it("accept a token signed with the server's secret", async () => {
    const { valid } = tokensFor(SECRET, site.token);
    const answer = await site.call('GET', '/api/admin/session', { token: valid });
    expect(answer).toMatchObject({ status: 200, body: { username: 'admin', usesDefaultPassword: true } });
  });

  it("keep administrators' answers out of caches", async () => {
    const answer = await site.asAdmin('GET', '/api/admin/alumni');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('administrator accounts', () => {
  it('create a further administrator only with a token, and never one with a taken name', async () => {
    const newcomer = { username: 'deputy', password: 'deputy-pass-1' };
    expect((await site.call('POST', '/api/admin/create', { json: newcomer })).status).toBe(403);
    const created = await site.asAdmin('POST', '/api/admin/create', { json: newcomer });
    expect(created).toMatchObject({ status: 201, body: { username: 'deputy' } });
    const taken = await site.asAdmin('POST', '/api/admin/create', { json: { ...newcomer, username: 'Deputy' } });
    expect(taken).toMatchObject({ status: 409, body: { message: expect.stringMatching(/already exists/) } });
    const login = await site.call('POST', '/api/admin/login', { json: newcomer });
    expect(login).toMatchObject({ status: 200, body: { token: expect.any(String), usesDefaultPassword: false } });
  });

  it('refuse setup and login without a user name or password', async () => {
    for (const json of [
      { username: 'x' },
      { password: 'y' },
      { username: '  ', password: 'y' },
      { username: 1, password: 'y' },
    ]) {
      for (const path of ['/api/admin/create', '/api/admin/login']) {
        const answer = await site.asAdmin('POST', path, { json });
        expect(answer).toMatchObject({ status: 400, body: { message: expect.any(String) } });
      }
    }
    const short = await site.asAdmin('POST', '/api/admin/create', { json: { username: 'short', password: '1234567' } });
    expect(short).toMatchObject({ status: 400, body: { message: 'The password must be at least 8 characters' } });
  });

  it('answer a wrong password and an unknown user alike, and slow down guessing with 429', async () => {
    const wrong = await site.call('POST', '/api/admin/login', {
      json: { username: 'deputy', password: 'nope' },
    });
    const unknown = await site.call('POST', '/api/admin/login', {
      json: { username: 'ghost', password: 'nope' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
    expect(unknown).toMatchObject({ status: 401, body: wrong.body });

    for (let i = 0; i < 4; i += 1) {
      await site.call('POST', '/api/admin/login', { json: { username: 'deputy', password: `guess ${i}` } });
    }
    const throttled = await site.call('POST', '/api/admin/login', {
      json: { username: 'deputy', password: 'deputy-pass-1' },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Too many failed login attempts\. Please try again in \d+ minutes?\./);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not locked by it.
    expect(
      (await site.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'admin123' } })).status,
    ).toBe(200);
  });

  it('changes the password: checks the current one, refuses a short one (the default among them), ends older sessions', async () => {
    const { token: own } = (
      await site.call('POST', '/api/admin/login', { json: { username: 'admin', password: 'admin123' } })
    ).body;
    const change = (json: unknown, auth = own) => site.call('PUT', '/api/admin/password', { token: auth, json });
    expect(await change({ currentPassword: 'wrong-one', newPassword: 'a-long-new-password' })).toMatchObject({
      status: 400,
      body: { message: 'The current password is not correct' },
    });
    for (const newPassword of ['short', 'admin123']) {
      expect(await change({ currentPassword: 'admin123', newPassword })).toMatchObject({
        status: 400,
        body: { message: 'The new password must be at least 10 characters' },
      });
    }
    expect((await change({ currentPassword: 'admin123' })).status).toBe(400);

    // Tokens carry whole seconds: let the next second begin so the old token is clearly older.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const changed = await change({ currentPassword: 'admin123', newPassword: 'a-long-new-password' });
    expect(changed).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    expect((await site.call('GET', '/api/admin/session', { token: own })).status).toBe(401);
    const session = await site.call('GET', '/api/admin/session', { token: changed.body.token });
    expect(session.body).toEqual({
      username: 'admin',
      role: 'administrator',
      usesDefaultPassword: false,
      twoFactor: false,
    });
    const oldPassword = await site.call('POST', '/api/admin/login', {
      json: { username: 'admin', password: 'admin123' },
    });
    expect(oldPassword.status).toBe(401);
  });
});
