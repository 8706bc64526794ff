/**
 * The web app manifest: the site can be added to a phone's home screen (which iOS asks before it
 * allows notifications), named after the school, with icons made from its logo (admin-api/routes/
 * app-icons.ts) and the service worker /sw.js.
 */
import type { APIRoute } from 'astro';
import { pageLanguage } from '../i18n/messages.ts';
import { APP_ICON_SIZES, appIconPath } from '../lib/app-icons.ts';

export const GET: APIRoute = ({ locals }) => {
  const { settings } = locals.content;
  const manifest = {
    name: settings.schoolName,
    short_name: settings.shortName,
    description: settings.tagline || settings.schoolName,
    lang: pageLanguage(locals),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#17436b',
    icons: APP_ICON_SIZES.map((size) => ({
      src: appIconPath(size),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
  };
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/manifest+json' } });
};
