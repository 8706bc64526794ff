/**
 * Puts the urgent-notice banner of new content into pages of the previous build whose banner is
 * all a change touched (site/page-dependencies.ts, bannerPages), instead of rendering them again:
 * a notice for every page then costs a read and a write of each page, not a render. A page's
 * banner depends on nothing but the notices it shows and the page's language
 * (site/components/AlertBanner.astro), so it is taken from a page of that language rendered in
 * full that shows the same ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Alert } from '../../site/contract/alerts.ts';
import { alertsFor, BANNER_END, BANNER_START } from '../../site/lib/alert-banner.ts';
import { defaultPath, languageOfPath } from '../../site/lib/language-paths.ts';
import { internalLinks } from './page-links.ts';

/** A page's new banner, as spliced into the pages that show the same notices. */
interface Banner {
  bytes: Buffer;
  /** Whether it links a page of the site (a notice's message may). */
  links: boolean;
}

/** A page of the previous build with the new banner put in. */
export interface SplicedPage {
  spliced: Buffer;
  /** Its same-site page links (page-links.ts). */
  links: string[];
}

export class BannerSplicer {
  #alerts: readonly Alert[];
  #previousDir: string;
  #languages: readonly string[];
  /** The banner (markers included), by the page's language and the notices it shows. */
  #banners = new Map<string, Banner>();

  /**
   * `alerts`: the notices of the new content; `previousDir`: the previous build's folder;
   * `languages`: the site's (site/lib/language-paths.ts).
   */
  constructor(alerts: readonly Alert[], previousDir: string, languages: readonly string[]) {
    this.#alerts = alerts;
    this.#previousDir = previousDir;
    this.#languages = languages;
  }

  /**
   * The previous build's page `file` (served at `path`, linking `links`) with the new banner; null
   * when no page showing the same notices was rendered yet, or the page has no banner. Bytes in,
   * bytes out: a notice for every page splices each of them, and decoding and encoding the text
   * took a third of that time. Neither banner linking a page, the page links what it did.
   */
  splice(path: string, file: string, links: string[]): SplicedPage | null {
    const banner = this.#banners.get(this.#shown(path));
    if (banner === undefined) return null;
    const html = readFileSync(join(this.#previousDir, file));
    const at = bannerAt(html);
    if (!at) return null;
    const spliced = Buffer.concat([html.subarray(0, at.start), banner.bytes, html.subarray(at.end)]);
    const linksChanged = banner.links || internalLinks(html.subarray(at.start, at.end).toString()).length > 0;
    return { spliced, links: linksChanged ? internalLinks(spliced.toString()) : links };
  }

  /** Keeps the banner of `html`, the page at `path` rendered in full, for the pages showing the same notices. */
  learn(path: string, html: string) {
    const shown = this.#shown(path);
    const at = bannerAt(html);
    if (!at || this.#banners.has(shown)) return;
    const banner = html.slice(at.start, at.end);
    this.#banners.set(shown, { bytes: Buffer.from(banner), links: internalLinks(banner).length > 0 });
  }

  #shown(path: string): string {
    const language = languageOfPath(path, this.#languages) ?? '';
    const shown = alertsFor(this.#alerts, defaultPath(path, this.#languages)).map((alert) => alert._id);
    return `${language}:${shown.join()}`;
  }
}

/** Where the banner is in a page's HTML (text, or its bytes), markers included; null when it has none. */
export function bannerAt(html: string | Buffer): { start: number; end: number } | null {
  const start = html.indexOf(BANNER_START);
  const end = start < 0 ? -1 : html.indexOf(BANNER_END, start);
  return end < 0 ? null : { start, end: end + BANNER_END.length };
}
