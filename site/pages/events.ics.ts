import type { APIRoute } from 'astro';
import { eventsCalendar } from '../lib/feeds.ts';

export const GET: APIRoute = ({ locals }) =>
  new Response(eventsCalendar(locals.content, locals.siteUrl), {
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
  });
