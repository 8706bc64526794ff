import { describe, expect, it } from 'vitest';
import { isSafeLink } from './safe-link.ts';

describe('isSafeLink', () => {
  it('takes web, e-mail, phone and site addresses', () => {
    for (const address of ['https://example.org/a?b=1', 'mailto:office@school.in', 'tel:+9180', '/admissions', '#fees'])
      expect(isSafeLink(address)).toBe(true);
  });

  it('refuses addresses that run script or read files, however they are spelled', () => {
    for (const address of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'file:///etc/passwd',
      'data:text/html,<b>',
    ])
      expect(isSafeLink(address)).toBe(false);
  });
});
