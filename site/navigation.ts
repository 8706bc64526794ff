/** The site's menus: the main navigation (spec §2, shared layout) and the footer links. */
import { aboutPath, type Settings, schoolSlug, whyPath } from './contract/settings.ts';

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  children: readonly NavLink[];
}

export type NavItem = NavLink | NavGroup;

/** The three about pages; two of them are named after the school. */
export function aboutLinks(settings: Pick<Settings, 'schoolName' | 'shortName'>): NavLink[] {
  const slug = schoolSlug(settings);
  return [
    { label: 'About Us', href: aboutPath(slug) },
    { label: 'Leadership', href: '/about/leadership' },
    { label: `Why ${settings.shortName}`, href: whyPath(slug) },
  ];
}

export function mainNavigation(settings: Pick<Settings, 'schoolName' | 'shortName'>): NavItem[] {
  return [
    { label: 'Home', href: '/' },
    { label: 'About', children: aboutLinks(settings) },
    { label: 'Alumni', href: '/alumni' },
    { label: 'Academic Corner', href: '/academic-corner' },
    { label: 'Gallery', href: '/gallery' },
    { label: 'Events & News', href: '/eventsnews' },
    { label: 'Notifications & Circular', href: '/notifications-circular' },
    { label: 'Contact Us', href: '/contact' },
  ];
}

/** The spec's footer links, and the accessibility statement; /about and /news redirect. */
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
  { label: 'Accessibility', href: '/accessibility' },
  { label: 'Sitemap', href: '/sitemap' },
];

export const isGroup = (item: NavItem): item is NavGroup => 'children' in item;

/**
 * Paths compare without a trailing slash, so `/gallery/` marks Gallery too, and the pages below
 * one (`/gallery/2`, `/eventsnews/events`) mark it as well.
 */
export function isCurrent(href: string, pathname: string): boolean {
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  const [link, path] = [normalize(href), normalize(pathname)];
  return link === path || (link !== '/' && path.startsWith(`${link}/`));
}
