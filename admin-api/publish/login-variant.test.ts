import { describe, expect, it } from 'vitest';
import { loginVariant } from './login-variant.ts';

describe('loginVariant', () => {
  it('answers the first-time login while no administrator exists', () => {
    const pathFor = loginVariant(() => false);
    expect(['/admin', '/admin/', '/admin/login'].map(pathFor)).toEqual(['/admin', '/admin/', '/admin/login']);
  });

  it('answers the everyday login for /admin once one exists, and leaves every other path alone', () => {
    let exists = false;
    const pathFor = loginVariant(() => exists);
    exists = true;
    expect(['/admin', '/admin/', '/admin/index.html'].map(pathFor)).toEqual([
      '/admin/login',
      '/admin/login',
      '/admin/login',
    ]);
    expect(['/', '/admin/dashboard', '/administration', '/admin/login'].map(pathFor)).toEqual([
      '/',
      '/admin/dashboard',
      '/administration',
      '/admin/login',
    ]);
  });
});
