/**
 * The school's own pages, one for each link the site shows beside its main pages: a title and a
 * Markdown body written in the dashboard (PUT /api/pages/{slug}), at `/{slug}`.
 */
import * as z from 'zod';
import { text } from './fields.ts';
import { publicationFields, publicationInput } from './publication.ts';
import { TranslationBasis, translationsOf } from './translations.ts';

export const PAGE_SLUGS = [
  'admissions',
  'privacy',
  'disclaimer',
  'mandatory-public-disclosure',
  'accessibility',
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** The longest a page's text may be, in characters of its Markdown. */
export const PAGE_BODY_LIMIT = 50_000;

const pageText = {
  title: text('The title', 120, true),
  body: text('The page text', PAGE_BODY_LIMIT),
  translations: translationsOf({ title: text('The title', 120), body: text('The page text', PAGE_BODY_LIMIT) }),
};

/** PUT /api/pages/{slug}, with the publishing time read in the school's `timeZone`. */
export const pageInput = (timeZone: string) => z.object({ ...pageText, ...publicationInput(timeZone) });
export const PageInput = z.object(pageText);
export type PageInput = z.infer<typeof PageInput>;

export const Page = z.object({
  slug: z.enum(PAGE_SLUGS, { error: 'There is no such page' }),
  ...pageText,
  translationBasis: TranslationBasis,
  ...publicationFields,
  /**
   * What visitors keep reading while the page waits (a draft, a review, a time to go live): the
   * text it had when it was last public. A page is always there, so it never disappears.
   */
  live: z.object(pageText).optional(),
});
export type Page = z.infer<typeof Page>;

/** Every page once, in the order of PAGE_SLUGS. */
export const Pages = z
  .array(Page, { error: 'The pages must be a list' })
  .refine(
    (pages) => pages.length === PAGE_SLUGS.length && PAGE_SLUGS.every((slug, index) => pages[index]?.slug === slug),
    `The pages must be ${PAGE_SLUGS.join(', ')}, each once and in this order`,
  );

export const isPageSlug = (slug: string): slug is PageSlug => (PAGE_SLUGS as readonly string[]).includes(slug);
