/**
 * The school's own pages, one for each link the site shows beside its main pages: a title and a
 * Markdown body written in the dashboard (PUT /api/pages/{slug}), at `/{slug}`.
 */
import * as z from 'zod';
import { text } from './fields.ts';

export const PAGE_SLUGS = [
  'admissions',
  'privacy',
  'disclaimer',
  'mandatory-public-disclosure',
  'accessibility',
] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** PUT /api/pages/{slug} */
export const PageInput = z.object({
  title: text('The title', 120, true),
  body: text('The page text', 50_000),
});
export type PageInput = z.infer<typeof PageInput>;

export const Page = z.object({ slug: z.enum(PAGE_SLUGS, { error: 'There is no such page' }), ...PageInput.shape });
export type Page = z.infer<typeof Page>;

/** Every page once, in the order of PAGE_SLUGS. */
export const Pages = z
  .array(Page, { error: 'The pages must be a list' })
  .refine(
    (pages) => pages.length === PAGE_SLUGS.length && PAGE_SLUGS.every((slug, index) => pages[index]?.slug === slug),
    `The pages must be ${PAGE_SLUGS.join(', ')}, each once and in this order`,
  );

export const isPageSlug = (slug: string): slug is PageSlug => (PAGE_SLUGS as readonly string[]).includes(slug);
