/** Every public route of the spec's route table, and a path that has no page. */
import { school } from '../../site/school.ts';

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

export const NOT_FOUND_ROUTE = '/privacy';

export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
