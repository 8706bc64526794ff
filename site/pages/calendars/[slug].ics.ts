/**
 * The calendar of one event category (`/calendars/examinations.ics`): as /events.ics, its upcoming
 * events and those of the last 12 months. Publishing writes one per category of the school's list
 * (admin-api/publish/site-files.ts); any other name is not found.
 */
import type { APIRoute } from 'astro';
import { slugify } from '../../contract/settings.ts';
import { pageLanguage } from '../../i18n/messages.ts';
import { eventsCalendar } from '../../lib/feeds.ts';

export const GET: APIRoute = ({ locals, params }) => {
  const category = locals.content.settings.eventCategories.find((name) => slugify(name) === params.slug);
  if (category === undefined) return new Response('No such calendar', { status: 404 });
  return new Response(eventsCalendar(locals.content, locals.siteUrl, new Date(), pageLanguage(locals), category), {
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
  });
};
