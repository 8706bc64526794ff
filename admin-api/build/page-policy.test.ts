import { describe, expect, it } from 'vitest';
import { withPolicyMeta } from './page-policy.ts';

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Home</title><script>go()</script></head></html>';
const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-d\"e='";

describe('a page for a static host', () => {
  it('carries its policy in a meta element right after the charset, before any script', () => {
    const html = withPolicyMeta(PAGE, { 'content-security-policy': POLICY });
    expect(html).toBe(
      PAGE.replace(
        '<meta charset="utf-8">',
        `<meta charset="utf-8"><meta http-equiv="content-security-policy" content="${POLICY.replace('"', '&quot;')}">`,
      ),
    );
  });

  it('is left as it is without a policy', () => {
    expect(withPolicyMeta(PAGE, undefined)).toBe(PAGE);
    expect(withPolicyMeta(PAGE, {})).toBe(PAGE);
  });
});
