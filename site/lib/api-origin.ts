/**
 * PUBLIC_API_ORIGIN: where the public pages' islands call the API when the pages are served from
 * somewhere else (a static host, a bucket). Read when a page is rendered and handed to the
 * browser in a `<meta name="api-origin">` of the public pages; unset, the API is on the same origin.
 */
export const API_ORIGIN_META = 'api-origin';

/** The origin set for the pages being rendered, or null (server side). */
export function configuredApiOrigin(): string | null {
  const value = typeof process === 'undefined' ? undefined : process.env.PUBLIC_API_ORIGIN?.trim();
  return value ? new URL(value).origin : null;
}

/** The origin the page was rendered with (browser side), or '' for the page's own. */
export function apiOriginOfPage(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector(`meta[name="${API_ORIGIN_META}"]`)?.getAttribute('content') ?? '';
}
