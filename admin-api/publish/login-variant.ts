/** The login page as the server answers /admin: the one a fresh install shows, or the everyday one. */
const LOGIN_PATHS = new Set(['/admin', '/admin/', '/admin/index.html']);
const EVERYDAY_LOGIN = '/admin/login';

/**
 * While no administrator exists, /admin offers the first-time setup and shows the default
 * credentials (as the spec describes); once one exists it answers the login without them
 * (site/pages/admin/login.astro). Decided here, before a byte is sent, so the page never flashes.
 */
export function loginVariant(administratorExists: () => boolean): (path: string) => string {
  return (path) => (LOGIN_PATHS.has(path) && administratorExists() ? EVERYDAY_LOGIN : path);
}
