/** The site's menus: the main navigation (spec §2, shared layout) and the footer links. */
import { school } from './school.ts';

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  children: readonly NavLink[];
}

export type NavItem = NavLink | NavGroup;

export const aboutLinks: readonly NavLink[] = [
  { label: 'About Us', href: `/about/${school.slug}` },
  { label: 'Leadership', href: '/about/leadership' },
  { label: `Why ${school.shortName}`, href: `/about/why-${school.slug}` },
];

export const mainNavigation: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'About', children: aboutLinks },
  { label: 'Alumni', href: '/alumni' },
  { label: 'Academic Corner', href: '/academic-corner' },
  { label: 'Gallery', href: '/gallery' },
  { label: 'Events & News', href: '/eventsnews' },
  { label: 'Notifications & Circular', href: '/notifications-circular' },
  { label: 'Contact Us', href: '/contact' },
];

/** The spec's footer links; several lead to pages the school has not written yet (404). */
export const footerLinks: readonly NavLink[] = [
  { label: 'About Us', href: '/about' },
  { label: 'News', href: '/news' },
  { label: 'Academic Corner', href: '/academic-corner' },
  { label: 'Gallery', href: '/gallery' },
  { label: 'Admissions', href: '/admissions' },
  { label: 'Contact Us', href: '/contact' },
  { label: 'Notifications & Circular', href: '/notifications-circular' },
  { label: 'Mandatory Public Disclosure', href: '/mandatory-public-disclosure' },
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Disclaimer', href: '/disclaimer' },
  { label: 'Sitemap', href: '/sitemap' },
];

export const isGroup = (item: NavItem): item is NavGroup => 'children' in item;

/** Paths compare without a trailing slash, so `/gallery/` marks Gallery too. */
export function isCurrent(href: string, pathname: string): boolean {
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return normalize(href) === normalize(pathname);
}
