/**
 * The audit log's actions (`event.create`, `login.failed`…) as the dashboard says them. Actions
 * of calls added later and not named here are still said plainly, from their words.
 */
const LABELS: Record<string, string> = {
  login: 'Logged in',
  'login.failed': 'Failed login: wrong name or password',
  'login.code-required': 'Password right, two-factor code asked',
  'login.code-failed': 'Failed login: wrong two-factor code',
  'account.create': 'Added an account',
  'account.delete': 'Removed an account',
  'password.change': 'Changed their password',
  'two-factor.setup': 'Started setting up two-factor login',
  'two-factor.enable': 'Turned two-factor login on',
  'two-factor.disable': 'Turned two-factor login off',
  'image.upload': 'Uploaded an image',
  'content.update': 'Edited the site content',
  'content.seed-demo': 'Filled in the demo content',
  'logo.create': 'Added a logo',
  'logo.delete': 'Deleted a logo',
  'person-image.update': 'Set a leadership photo',
  'person-image.delete': 'Removed a leadership photo',
  'event.create': 'Added an event',
  'event.update': 'Edited an event',
  'event.delete': 'Deleted an event',
  'event.image.delete': "Removed an event's image",
  'news.create': 'Added a news item',
  'news.update': 'Edited a news item',
  'news.delete': 'Deleted a news item',
  'news.image.delete': "Removed a news item's image",
  'homegallery.create': 'Added a home gallery photo',
  'homegallery.delete': 'Deleted a home gallery photo',
  'gallery.create': 'Added a gallery photo',
  'gallery.delete': 'Deleted a gallery photo',
  'alumni.approve': 'Changed the approval of a registration',
  'alumni.delete': 'Deleted an alumni registration',
  'account.role.change': 'Changed a role',
  // Looks at personal data, and what is done with it (issue 23)
  'inbox.read': 'Opened the inbox',
  'alumni.read': 'Opened the alumni list',
  'messages.export': 'Downloaded the messages (CSV)',
  'alumni.export': 'Downloaded the alumni registrations (CSV)',
  'personal-data.search': 'Searched personal data',
  'personal-data.export': "Downloaded a person's data",
  'personal-data.erase': "Erased a person's data",
  'personal-data.erase-again': 'Erased again what a restored backup brought back',
  'subscribers.read': 'Opened the subscribers',
  'subscribers.search': 'Searched the subscribers',
  'retention.sweep': 'Removed records past their time',
  'retention.update': 'Changed how long personal data is kept',
  'backup.download': 'Downloaded a backup',
};

const VERBS: Record<string, string> = { create: 'Added', update: 'Edited', delete: 'Deleted' };

export function actionLabel(action: string): string {
  const known = LABELS[action];
  if (known) return known;
  const words = action.split('.');
  const verb = words.pop() ?? '';
  const said = VERBS[verb] ?? verb.charAt(0).toUpperCase() + verb.slice(1).replaceAll('-', ' ');
  return words.length > 0 ? `${said}: ${words.join(' ').replaceAll('-', ' ')}` : said;
}

/** A login that failed: the activity view marks these. */
export const isFailedLogin = (action: string) => action === 'login.failed' || action === 'login.code-failed';
