/**
 * What a public page says about itself to search engines and chat apps: its canonical address,
 * a short description, Open Graph and Twitter card tags, and JSON-LD structured data.
 */

import type { News, SchoolEvent, SiteContent } from '../contract/content.ts';
import { footerLinks, isCurrent, isGroup, mainNavigation, type NavLink } from '../navigation.ts';
import { addressLines } from './contact-links.ts';
import { imageUrl } from './image-sources.ts';
import { pagePath, pathInLanguage } from './language-paths.ts';
import { markdownPlainText } from './markdown-text.ts';
import { zonedIso } from './zoned-time.ts';

export const DESCRIPTION_LENGTH = 160;

/** Plain text of a bit of markdown, cut at a word to about 160 characters. */
export function shortDescription(text: string, max = DESCRIPTION_LENGTH): string {
  const plain = markdownPlainText(text).replace(/\s+/g, ' ');
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,.;:]+$/, '')}…`;
}

/** The canonical address of `pathname` (`/gallery/` as `/gallery`). */
export function canonicalUrl(siteUrl: string, pathname: string): string {
  return siteUrl + (pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/');
}

/** The absolute address of a stored image's 1280 px rendition, or of the school's crest. */
export function shareImage(siteUrl: string, imageId: string | undefined): string {
  return siteUrl + (imageId ? imageUrl(imageId, 1280) : '/favicon.svg');
}

/** JSON for a `<script type="application/ld+json">`: no `<` can end the script early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * The steps from the home page to the page at `pathname` called `title`: Home, the menu entry the
 * page is under (Gallery for /gallery/3) unless it is that entry, and the page itself.
 */
export function breadcrumbTrail(content: SiteContent, siteUrl: string, pathname: string, title: string): NavLink[] {
  const home = { label: 'Home', href: `${siteUrl}/` };
  const url = canonicalUrl(siteUrl, pathname);
  if (url === home.href) return [home];
  const menu = [
    ...mainNavigation(content.settings).flatMap((item) => (isGroup(item) ? item.children : [item])),
    ...footerLinks,
  ];
  const section = menu
    .filter((link) => link.href !== '/' && isCurrent(link.href, pathname))
    .sort((a, b) => b.href.length - a.href.length)[0];
  const above =
    section && canonicalUrl(siteUrl, section.href) !== url ? [{ ...section, href: siteUrl + section.href }] : [];
  return [home, ...above, { label: title, href: url }];
}

/**
 * What every public page says of itself: a web page of the school's site in its language (`language`;
 * `pathname` is the default language's address of the page), its trail and publisher.
 */
export function webPageJsonLd(
  content: SiteContent,
  siteUrl: string,
  page: { pathname: string; title: string; description: string; language: string },
) {
  const { schoolName, languages } = content.settings;
  const inPageLanguage = (href: string) =>
    href.startsWith(siteUrl)
      ? siteUrl + pathInLanguage(pagePath(href.slice(siteUrl.length) || '/'), page.language, languages)
      : href;
  const url = inPageLanguage(canonicalUrl(siteUrl, page.pathname));
  const trail = breadcrumbTrail(content, siteUrl, page.pathname, page.title);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    '@id': url,
    url,
    name: page.title,
    description: page.description,
    inLanguage: page.language,
    isPartOf: { '@type': 'WebSite', name: schoolName, url: `${siteUrl}/` },
    publisher: {
      '@type': 'School',
      name: schoolName,
      url: `${siteUrl}/`,
      logo: shareImage(siteUrl, content.logos[0]?.imageId),
    },
    breadcrumb: {
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((step, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: step.label,
        item: inPageLanguage(step.href),
      })),
    },
  };
}

export function schoolJsonLd(content: SiteContent, siteUrl: string) {
  const { settings } = content;
  const logo = content.logos[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'School',
    name: settings.schoolName,
    url: `${siteUrl}/`,
    ...(settings.tagline ? { description: settings.tagline } : {}),
    address: addressLines(settings.address).join(', '),
    telephone: settings.phone,
    email: settings.email,
    logo: shareImage(siteUrl, logo?.imageId),
    sameAs: Object.values(settings.social).filter((link) => link !== ''),
  };
}

export function eventJsonLd(event: SchoolEvent, content: SiteContent, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: zonedIso(event.date, event.time, content.settings.timeZone),
    description: shortDescription(event.description, 500),
    location: {
      '@type': 'Place',
      name: event.location || content.settings.schoolName,
      address: addressLines(content.settings.address).join(', '),
    },
    url: `${siteUrl}/eventsnews`,
    ...(event.image ? { image: shareImage(siteUrl, event.image.imageId) } : {}),
  };
}

export function newsJsonLd(news: News, content: SiteContent, siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: news.title.slice(0, 110),
    datePublished: news.publishDate,
    image: [shareImage(siteUrl, news.image?.imageId ?? content.logos[0]?.imageId)],
    publisher: { '@type': 'Organization', name: content.settings.schoolName },
  };
}
