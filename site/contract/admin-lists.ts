/**
 * The dashboard's reads of a long list a page at a time (GET /api/admin/{list}): the server pages
 * and searches, so opening a list of 20,000 items fetches one page of it.
 */
import * as z from 'zod';
import { Alumni } from './alumni.ts';
import { Circular, GalleryItem, News, SchoolEvent } from './content.ts';

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_SIZE_MAX = 200;

/** The lists read this way, with their items' schema and the text the search looks in. */
export const ADMIN_LISTS = {
  events: { item: SchoolEvent, noun: 'events', text: (item: SchoolEvent) => item.title },
  news: { item: News, noun: 'news items', text: (item: News) => item.title },
  circulars: { item: Circular, noun: 'circulars', text: (item: Circular) => item.title },
  gallery: { item: GalleryItem, noun: 'gallery photos', text: (item: GalleryItem) => item.caption },
  homegallery: { item: GalleryItem, noun: 'home gallery photos', text: (item: GalleryItem) => item.caption },
} as const;
export type AdminListKey = keyof typeof ADMIN_LISTS;
export const ADMIN_LIST_KEYS = Object.keys(ADMIN_LISTS) as AdminListKey[];

/** How many items of each long list wait for a reviewer (GET /api/admin/review-counts), for the dashboard's menu. */
export const ReviewCounts = z.object(
  Object.fromEntries(ADMIN_LIST_KEYS.map((key) => [key, z.int().min(0)])) as Record<AdminListKey, z.ZodInt>,
);
export type ReviewCounts = Record<AdminListKey, number>;

export const AdminListQuery = z.object({
  page: z.coerce.number().int().min(1).optional().meta({ description: 'Which page, from 1 (1 when not said).' }),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PAGE_SIZE_MAX)
    .optional()
    .meta({ description: `Items a page (${ADMIN_PAGE_SIZE} when not said, at most ${ADMIN_PAGE_SIZE_MAX}).` }),
  q: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Only the items whose title (a photo: its caption) holds this text, in any case.' }),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;

/** One page of a list as the dashboard shows it, with how many items there are and how many match. */
export function adminListPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.int().meta({ description: 'Items of the list the account sees.' }),
    matching: z.int().meta({ description: 'Of those, the items the search matches (all of them without `q`).' }),
    page: z.int(),
    pageSize: z.int(),
  });
}
export interface AdminListPage<T> {
  items: T[];
  total: number;
  matching: number;
  page: number;
  pageSize: number;
}

/**
 * The items of `items` on `page`, of those whose `text` holds `q` (case-insensitive) or whose id is
 * `q` (the dashboard opening one item a link names).
 */
export function pageOf<T>(
  items: readonly T[],
  text: (item: T) => string,
  { page = 1, pageSize = ADMIN_PAGE_SIZE, q }: AdminListQuery,
): AdminListPage<T> {
  const needle = q?.trim().toLowerCase();
  const matching = needle
    ? items.filter((item) => idOf(item) === needle || text(item).toLowerCase().includes(needle))
    : items;
  const start = (page - 1) * pageSize;
  return {
    items: matching.slice(start, start + pageSize),
    total: items.length,
    matching: matching.length,
    page,
    pageSize,
  };
}

const idOf = (item: unknown) => (item as { _id?: unknown })._id;

/**
 * GET /api/admin/alumni/page: a page of the registrations, newest first, and how many await approval.
 * (Here, not in alumni.ts: the public registration form reads that one and needs none of the content's schemas.)
 */
export const AlumniPage = adminListPage(Alumni).extend({
  pending: z.int().min(0).meta({ description: 'Registrations awaiting approval, of all of them.' }),
});
export type AlumniPage = z.infer<typeof AlumniPage>;
