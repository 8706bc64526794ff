import { describe, expect, it } from 'vitest';
import { subscriptionTokens } from './subscription-tokens.ts';

describe('subscription tokens', () => {
  const tokens = subscriptionTokens('the server secret');

  it('open their own subscription', () => {
    expect(tokens.idOf(tokens.of('a1b2'))).toBe('a1b2');
  });

  it('open no other subscription, however they are changed', () => {
    const token = tokens.of('a1b2');
    const signature = token.split('.')[1]!;
    expect(tokens.idOf(`a1b3.${signature}`)).toBeNull();
    expect(tokens.idOf(`${token}x`)).toBeNull();
    expect(tokens.idOf('a1b2')).toBeNull();
    expect(tokens.idOf('')).toBeNull();
  });

  it('made with another secret open nothing', () => {
    expect(subscriptionTokens('another secret').idOf(tokens.of('a1b2'))).toBeNull();
  });
});
