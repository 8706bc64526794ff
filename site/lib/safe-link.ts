/**
 * Which link addresses a text may carry: the one rule of the public pages' Markdown renderer
 * (markdown-it's own) and of the dashboard's editor. Addresses that run script or read local or
 * inline data (`javascript:`, `vbscript:`, `file:`, `data:` but for inline images) are refused.
 */
const UNSAFE_SCHEME = /^(vbscript|javascript|file|data):/;
const INLINE_IMAGE = /^data:image\/(gif|png|jpeg|webp);/;

export function isSafeLink(address: string): boolean {
  // Browsers skip whitespace and control characters inside a scheme (`java\tscript:`).
  const bare = address.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
  return !UNSAFE_SCHEME.test(bare) || INLINE_IMAGE.test(bare);
}
