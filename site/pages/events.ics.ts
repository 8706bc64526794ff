import type { APIRoute } from 'astro';
import { pageLanguage } from '../i18n/messages.ts';
import { eventsCalendar } from '../lib/feeds.ts';

export const GET: APIRoute = ({ locals }) =>
  new Response(eventsCalendar(locals.content, locals.siteUrl, new Date(), pageLanguage(locals)), {
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
  });
