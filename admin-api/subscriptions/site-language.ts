import type { Settings } from '../../site/contract/settings.ts';
import { HttpError } from '../http/errors.ts';

/** The language a subscription asked for: one of the site's (400 otherwise); none: the default. */
export function siteLanguageOf(settings: Pick<Settings, 'languages'>, requested: string | undefined): string {
  const { languages } = settings;
  if (requested === undefined) return languages[0] ?? 'en';
  if (!languages.includes(requested)) {
    throw new HttpError(400, `Language must be one of the site's languages: ${languages.join(', ')}`);
  }
  return requested;
}
