import { createHash } from 'node:crypto';
import type { SiteContent } from '../../site/contract/content.ts';
import type { Consent } from '../../site/contract/personal-data.ts';
import { publicContent } from '../../site/contract/public-content.ts';

/**
 * The version of the privacy notice visitors read now: a short hash of the privacy page as it is
 * public and of the periods it states. The same text always has the same version, so a record's
 * consent names the notice it was given to (the history keeps every text).
 */
export function privacyNoticeVersion(content: SiteContent, now = new Date()): string {
  const view = publicContent(content, now);
  const page = view.pages.find((candidate) => candidate.slug === 'privacy');
  const text = JSON.stringify([page?.title, page?.body, view.retention]);
  return `notice-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}

/** The consent a record keeps: given now, to the notice of now, when the form said so; otherwise none. */
export function consentOf(given: boolean | undefined, content: SiteContent, now = new Date()): Consent {
  return given ? { givenAt: now.toISOString(), notice: privacyNoticeVersion(content, now) } : null;
}
