import { describe, expect, it } from 'vitest';
import { testServer } from '../support/harness.ts';
import { codeFor, wrongCodeFor } from './two-factor-codes.ts';

const site = testServer({ admin: true });

const login = (json: Record<string, unknown>) => site.call('POST', '/api/admin/login', { json });

/** A new account, logged in: its password and token. */
async function account(username: string) {
  const password = `${username}-password`;
  const created = await site.asAdmin('POST', '/api/admin/create', { json: { username, password } });
  expect(created.status).toBe(201);
  const { token } = (await login({ username, password })).body;
  return { username, password, token: token as string };
}

const twoFactor = (token: string, step: 'setup' | 'enable' | 'disable', json?: unknown) =>
  site.call('POST', `/api/admin/2fa/${step}`, { token, json });

/** Turns two-factor login on for `token`'s account with the current code; answers the secret. */
async function turnOn(token: string): Promise<string> {
  const { secret } = (await twoFactor(token, 'setup')).body;
  expect((await twoFactor(token, 'enable', { code: await codeFor(secret) })).status).toBe(200);
  return secret;
}

const accountsAnswer = async () => (await site.asAdmin('GET', '/api/admin/accounts')).body;
const twoFactorOf = async (username: string) =>
  (await accountsAnswer()).find((account: { username: string }) => account.username === username).twoFactor;

describe('POST /api/admin/2fa/setup', () => {
  it('answers a new secret and its otpauth address, and changes nothing yet', async () => {
    const carol = await account('carol');
    const answer = await twoFactor(carol.token, 'setup');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['otpauthUrl', 'secret']);
    expect(answer.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(answer.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toMatch(/:carol$/);
    expect(url.searchParams.get('secret')).toBe(answer.body.secret);
    expect(url.searchParams.get('issuer')).toBeTruthy();
    expect(await twoFactorOf('carol')).toBe(false);
    expect((await login({ username: 'carol', password: carol.password })).status).toBe(200);

    const again = await twoFactor(carol.token, 'setup');
    expect(again.body.secret).not.toBe(answer.body.secret);
  });

  it('refuses without a token, and with 409 while two-factor login is on', async () => {
    expect((await site.call('POST', '/api/admin/2fa/setup')).status).toBe(401);
    const dave = await account('dave');
    await turnOn(dave.token);
    const again = await twoFactor(dave.token, 'setup');
    expect(again).toMatchObject({ status: 409, body: { message: expect.stringMatching(/already on/) } });
  });
});

describe('POST /api/admin/2fa/enable', () => {
  it('needs a setup first, then a valid code of the pending secret (400 otherwise)', async () => {
    const erin = await account('erin');
    const early = await twoFactor(erin.token, 'enable', { code: '123456' });
    expect(early).toMatchObject({ status: 400, body: { message: 'Start the two-factor setup first' } });

    const { secret } = (await twoFactor(erin.token, 'setup')).body;
    for (const code of [await wrongCodeFor(secret), '12345', 'abcdef', 123456, '']) {
      const refused = await twoFactor(erin.token, 'enable', { code });
      expect(refused).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    }
    expect((await twoFactor(erin.token, 'enable', {})).status).toBe(400);
    expect(await twoFactorOf('erin')).toBe(false);

    // Some apps show the code as two groups of three.
    const code = await codeFor(secret);
    const enabled = await twoFactor(erin.token, 'enable', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(enabled).toMatchObject({ status: 200, body: { message: 'Two-factor login is on' } });
    expect(await twoFactorOf('erin')).toBe(true);
    expect((await twoFactor(erin.token, 'enable', { code: await codeFor(secret, 1) })).status).toBe(409);
  });

  it('refuses without a token', async () => {
    expect((await site.call('POST', '/api/admin/2fa/enable', { json: { code: '123456' } })).status).toBe(401);
  });
});

describe('logging in with two-factor login on', () => {
  it('asks for the code after the right password, takes a valid one once, and never shows the secret', async () => {
    const frank = await account('frank');
    const secret = await turnOn(frank.token);

    const withoutCode = await login({ username: 'frank', password: frank.password });
    expect(withoutCode).toEqual({
      status: 401,
      body: { message: 'Enter the 6-digit code from your authenticator app', twoFactorRequired: true },
      headers: expect.anything(),
    });
    // A wrong password is answered as always, whether or not a code is sent.
    for (const json of [
      { username: 'frank', password: 'wrong-password' },
      { username: 'frank', password: 'wrong-password', code: await codeFor(secret, 1) },
    ]) {
      expect((await login(json)).body).toEqual({ message: 'Invalid username or password' });
    }

    const code = await codeFor(secret, 1);
    const loggedIn = await login({ username: 'frank', password: frank.password, code });
    expect(loggedIn).toMatchObject({ status: 200, body: { token: expect.any(String), username: 'frank' } });
    expect((await site.call('GET', '/api/admin/session', { token: loggedIn.body.token })).status).toBe(200);

    const replayed = await login({ username: 'frank', password: frank.password, code });
    expect(replayed).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/used already/), twoFactorRequired: true },
    });

    const answers = [
      withoutCode,
      loggedIn,
      replayed,
      await site.asAdmin('GET', '/api/admin/accounts'),
      await site.call('GET', '/api/admin/session', { token: loggedIn.body.token }),
      await site.asAdmin('GET', '/api/admin/audit?limit=1000'),
    ];
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(secret);
  });

  it('counts wrong codes towards the rate limit: 429 after five, even with the right code', async () => {
    const grace = await account('grace');
    const secret = await turnOn(grace.token);
    const wrong = await wrongCodeFor(secret);
    for (let i = 0; i < 5; i += 1) {
      const answer = await login({ username: 'grace', password: grace.password, code: wrong });
      expect(answer).toMatchObject({ status: 401, body: { twoFactorRequired: true } });
    }
    const throttled = await login({ username: 'grace', password: grace.password, code: await codeFor(secret, 1) });
    expect(throttled).toMatchObject({ status: 429, body: { message: expect.stringMatching(/Too many/) } });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/admin/2fa/disable', () => {
  it('turns two-factor login off with a valid code only', async () => {
    const heidi = await account('heidi');
    const notOn = await twoFactor(heidi.token, 'disable', { code: '123456' });
    expect(notOn).toMatchObject({ status: 400, body: { message: 'Two-factor login is not on' } });

    const secret = await turnOn(heidi.token);
    const wrong = await twoFactor(heidi.token, 'disable', { code: await wrongCodeFor(secret) });
    expect(wrong).toMatchObject({ status: 400, body: { message: expect.stringMatching(/not correct/) } });
    expect((await twoFactor(heidi.token, 'disable', { code: 'nope' })).status).toBe(400);
    expect(await twoFactorOf('heidi')).toBe(true);

    const disabled = await twoFactor(heidi.token, 'disable', { code: await codeFor(secret, 1) });
    expect(disabled).toMatchObject({ status: 200, body: { message: 'Two-factor login is off' } });
    expect(await twoFactorOf('heidi')).toBe(false);
    expect((await login({ username: 'heidi', password: heidi.password })).status).toBe(200);
  });

  it('refuses without a token', async () => {
    expect((await site.call('POST', '/api/admin/2fa/disable', { json: { code: '123456' } })).status).toBe(401);
  });
});
