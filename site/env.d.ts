/// <reference types="astro/client" />

/**
 * What every page renders from: the site content, handed to the renderer as a value by whoever
 * renders (admin-api/publish/render-pages.ts when publishing, admin-api/dev/ under `npm run dev`),
 * and already validated by the store that holds it.
 */
declare namespace App {
  interface Locals {
    content: import('./contract/content.ts').SiteContent;
    /** The site's public address without a trailing `/` (SITE_URL), for canonical and feed links. */
    siteUrl: string;
    /**
     * The language the page is rendered in (a tag of `settings.languages`); absent: the default,
     * the first of them. Its interface words come from site/i18n/messages.ts.
     */
    language?: string;
  }
}
