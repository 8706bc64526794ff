import { describe, expect, it } from 'vitest';
import { linkAddress } from './link-address.ts';

describe('linkAddress', () => {
  it('completes a web or e-mail address and keeps the site’s own paths', () => {
    expect(linkAddress(' example.org/fees ')).toEqual({ ok: true, address: 'https://example.org/fees' });
    expect(linkAddress('office@school.in')).toEqual({ ok: true, address: 'mailto:office@school.in' });
    expect(linkAddress('/admissions')).toEqual({ ok: true, address: '/admissions' });
    expect(linkAddress('tel:+918040005678')).toEqual({ ok: true, address: 'tel:+918040005678' });
  });

  it('refuses an empty address and one that runs a script', () => {
    expect(linkAddress('  ').ok).toBe(false);
    expect(linkAddress('javascript:alert(1)')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('cannot be linked'),
    });
  });
});
