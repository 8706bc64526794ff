/**
 * Where the server may send notifications: only to the push services of the browsers (Google,
 * Mozilla, Apple, Microsoft), over HTTPS, so that no visitor can make the server send requests to
 * an address of its choosing; PUSH_ENDPOINT_HOSTS adds hosts the school trusts (a push service of
 * its own), over HTTP too.
 */

/** The browsers' push services: a host that is one of these, or ends with `.` and one of these. */
export const BROWSER_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Whether the server may send notifications to `endpoint`. */
export function isAllowedEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (extraHosts.includes(host)) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && BROWSER_PUSH_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}
