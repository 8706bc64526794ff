/**
 * The readable name of a write, made from its method and route path, so that every route, those
 * added later included, gets one without saying it: `POST /api/events` is `event.create`,
 * `DELETE /api/news/:id/image` is `news.image.delete`, `PUT /api/alumni/:id/approve` is
 * `alumni.approve`, `DELETE /api/admin/accounts/:username` is `account.delete`.
 */

/** Calls whose path does not say what they do. */
const NAMED: Record<string, string> = {
  'POST /api/admin/create': 'account.create',
  'PUT /api/admin/password': 'password.change',
  'POST /api/upload': 'image.upload',
  'PUT /api/content': 'content.update',
  'PUT /api/admin/accounts/:username': 'account.role.change',
  'DELETE /api/admin/personal-data': 'personal-data.erase',
};

/** A last path word that is already the verb: it replaces the method's. */
const VERBS = new Set(['approve', 'enable', 'disable', 'setup', 'restore', 'send', 'publish', 'reply', 'read']);

const METHOD_VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/** Path words that read better spelt out, and plurals that are not a thing and its `s`. */
const WORDS: Record<string, string> = { '2fa': 'two-factor', news: 'news', settings: 'settings', address: 'address' };

export function auditAction(method: string, routePath: string): string {
  const named = NAMED[`${method} ${routePath}`];
  if (named) return named;
  const words = routePath
    .split('/')
    .filter((word) => word !== '' && word !== 'api' && word !== 'admin' && !word.startsWith(':') && word !== '*')
    .map(singular);
  const last = words.at(-1);
  if (last && words.length > 1 && VERBS.has(last)) return words.join('.');
  return [...words, METHOD_VERBS[method] ?? method.toLowerCase()].join('.');
}

/** `events` → `event`, `accounts` → `account`; `news`, `alumni`, `gallery` stay as they are. */
function singular(word: string): string {
  return WORDS[word] ?? (word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
}
