import type { APIRoute } from 'astro';
import { newsFeed } from '../lib/feeds.ts';

export const GET: APIRoute = ({ locals }) =>
  new Response(newsFeed(locals.content, locals.siteUrl), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
  });
