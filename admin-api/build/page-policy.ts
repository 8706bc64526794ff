/**
 * A static host or a bucket sends none of the headers the server sends with a page, so a page
 * written for one (`npm run build`, the bucket) carries its script and style policy in a meta
 * element: the policy publishing kept for the page (page-headers.json), which already allows the
 * API's origin when PUBLIC_API_ORIGIN is set (site/layouts/SiteLayout.astro). What a meta element
 * cannot say (frame-ancestors, and the other headers) is for the host to send; see docs/deploying.md.
 */
import type { PageHeaders } from '../publish/render-pages.ts';
import { escapeAttribute } from './redirect-page.ts';

/** `html` with its policy (from `headers`, the page's kept headers) as its first meta after the charset. */
export function withPolicyMeta(html: string, headers: PageHeaders[string] | undefined): string {
  const policy = headers?.['content-security-policy'];
  if (!policy) return html;
  const meta = `<meta http-equiv="content-security-policy" content="${escapeAttribute(policy)}">`;
  // After the charset, which must stay within the first 1024 bytes; before any script or style.
  const anchor = /<meta charset="[^"]*">/i.exec(html) ?? /<head(\s[^>]*)?>/i.exec(html);
  if (!anchor) return html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}
