/**
 * The site's menus: the main navigation (spec §2, shared layout) and the footer links, labelled in
 * the page's language (site/i18n/); in English when no messages are given.
 */
import { aboutPath, type Settings, schoolSlug, whyPath } from './contract/settings.ts';
import { english, type Messages } from './i18n/messages.ts';

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
export function aboutLinks(settings: Pick<Settings, 'schoolName' | 'shortName'>, { t }: Messages = english): NavLink[] {
  const slug = schoolSlug(settings);
  return [
    { label: t('nav.aboutUs'), href: aboutPath(slug) },
    { label: t('nav.leadership'), href: '/about/leadership' },
    { label: t('nav.why', { school: settings.shortName }), href: whyPath(slug) },
  ];
}

export function mainNavigation(
  settings: Pick<Settings, 'schoolName' | 'shortName'>,
  messages: Messages = english,
): NavItem[] {
  const { t } = messages;
  return [
    { label: t('nav.home'), href: '/' },
    { label: t('nav.about'), children: aboutLinks(settings, messages) },
    { label: t('nav.alumni'), href: '/alumni' },
    { label: t('nav.academicCorner'), href: '/academic-corner' },
    { label: t('nav.gallery'), href: '/gallery' },
    { label: t('nav.eventsNews'), href: '/eventsnews' },
    { label: t('nav.circulars'), href: '/notifications-circular' },
    { label: t('nav.contact'), href: '/contact' },
  ];
}

/** The spec's footer links, and the accessibility statement; /about and /news redirect. */
export function footerNavigation({ t }: Messages = english): NavLink[] {
  return [
    { label: t('nav.aboutUs'), href: '/about' },
    { label: t('nav.news'), href: '/news' },
    { label: t('nav.academicCorner'), href: '/academic-corner' },
    { label: t('nav.gallery'), href: '/gallery' },
    { label: t('nav.admissions'), href: '/admissions' },
    { label: t('nav.contact'), href: '/contact' },
    { label: t('nav.circulars'), href: '/notifications-circular' },
    { label: t('nav.disclosure'), href: '/mandatory-public-disclosure' },
    { label: t('nav.privacy'), href: '/privacy' },
    { label: t('nav.disclaimer'), href: '/disclaimer' },
    { label: t('nav.accessibility'), href: '/accessibility' },
    { label: t('nav.sitemap'), href: '/sitemap' },
  ];
}

/** The footer links in English: the breadcrumbs of page-meta.ts and the tests read them. */
export const footerLinks: readonly NavLink[] = footerNavigation();

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
