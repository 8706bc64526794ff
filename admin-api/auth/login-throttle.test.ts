import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

const options = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 };

describe('LoginThrottle', () => {
  it('refuses a sixth try of one account from one address within the window', () => {
    const throttle = new LoginThrottle(options);
    for (let i = 0; i < 5; i += 1) throttle.recordFailure('1.2.3.4', 'Admin', i * 1000);
    expect(throttle.retryAfter('1.2.3.4', 'admin', 5000)).toBe(15 * 60_000 - 5000);
    expect(throttle.retryAfter('5.6.7.8', 'admin', 5000)).toBe(0);
    expect(throttle.retryAfter('1.2.3.4', 'admin', 15 * 60_000 + 1)).toBe(0);
  });

  it('counts every user name tried from one address', () => {
    const throttle = new LoginThrottle(options);
    for (let i = 0; i < 20; i += 1) throttle.recordFailure('1.2.3.4', `user${i}`, i);
    expect(throttle.retryAfter('1.2.3.4', 'someone-new', 100)).toBeGreaterThan(0);
  });

  it("clears an account's failures after a successful login", () => {
    const throttle = new LoginThrottle(options);
    for (let i = 0; i < 5; i += 1) throttle.recordFailure('1.2.3.4', 'admin', i);
    throttle.recordSuccess('1.2.3.4', 'admin');
    expect(throttle.retryAfter('1.2.3.4', 'admin', 10)).toBe(0);
  });
});
