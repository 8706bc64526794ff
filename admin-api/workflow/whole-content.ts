/**
 * PUT /api/content replaces the whole document, but a client written to the spec only ever saw
 * the public content: it knows nothing of drafts, items waiting for review or their time, nor of
 * who wrote what. What it sends back must not erase those. So its document keeps, from the one
 * stored: every item it did not send that is not public now, each item's author and reviewer's
 * note, and a waiting page it sent back as visitors see it (its public text, unchanged).
 */
import type { SiteContent } from '../../site/contract/content.ts';
import type { Page } from '../../site/contract/pages.ts';
import { PUBLICATION_LISTS, publicContent } from '../../site/contract/public-content.ts';
import { isPublicAt, localDateTime, type Publication } from '../../site/contract/publication.ts';

type Item = Publication & { _id: string };

/** `sent` (any part of the content) with what it could not know kept from `stored`. */
export function withWhatWasNotSent(
  sent: Partial<SiteContent>,
  stored: SiteContent,
  now = new Date(),
): Partial<SiteContent> {
  const at = localDateTime(now, stored.settings.timeZone);
  const result: Partial<SiteContent> = { ...sent };
  for (const key of PUBLICATION_LISTS) {
    const items = sent[key] as Item[] | undefined;
    if (items) (result as Record<string, Item[]>)[key] = keepUnseen(items, stored[key] as Item[], at);
  }
  if (sent.pages) {
    const seen = publicContent(stored, now).pages;
    result.pages = sent.pages.map((page, index) => {
      const storedPage = stored.pages[index];
      return storedPage && sameText(page, seen[index]) && !isPublicAt(storedPage, at) ? storedPage : page;
    }) as SiteContent['pages'];
  }
  return result;
}

function keepUnseen(sent: Item[], stored: readonly Item[], at: string): Item[] {
  const byId = new Map(stored.map((item) => [item._id, item]));
  const sentIds = new Set(sent.map((item) => item._id));
  // Who wrote an item and a reviewer's note are the server's to keep, whatever was sent.
  const withPrivateFields = sent.map(({ author: _author, reviewNote: _note, ...item }) => {
    const { author, reviewNote } = byId.get(item._id) ?? {};
    return { ...item, ...(author && { author }), ...(reviewNote && { reviewNote }) } as Item;
  });
  const unseen = stored.filter((item) => !sentIds.has(item._id) && !isPublicAt(item, at));
  return [...withPrivateFields, ...unseen];
}

const sameText = (a: Pick<Page, 'title' | 'body'>, b: Pick<Page, 'title' | 'body'> | undefined) =>
  b !== undefined && a.title === b.title && a.body === b.body;
