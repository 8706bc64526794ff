import type { APIRoute } from 'astro';
import { pageLanguage } from '../i18n/messages.ts';
import { newsFeed } from '../lib/feeds.ts';

export const GET: APIRoute = ({ locals }) =>
  new Response(newsFeed(locals.content, locals.siteUrl, new Date(), pageLanguage(locals)), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
  });
