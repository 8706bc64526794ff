/** Every public route of the spec's route table, and a path that has no page. */
import { school } from './default-school.ts';

export const PUBLIC_ROUTES = [
  '/',
  `/about/${school.slug}`,
  '/about/leadership',
  `/about/why-${school.slug}`,
  '/alumni',
  '/academic-corner',
  '/gallery',
  '/eventsnews',
  '/notifications-circular',
  '/contact',
] as const;

/** The school's own pages (written in the dashboard), the sitemap and the search: beyond the spec's table. */
export const SITE_PAGES = [
  '/admissions',
  '/privacy',
  '/disclaimer',
  '/mandatory-public-disclosure',
  '/accessibility',
  '/sitemap',
  '/search',
] as const;

export const NOT_FOUND_ROUTE = '/no-such-page';

export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
