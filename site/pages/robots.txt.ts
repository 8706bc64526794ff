import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/feeds.ts';

export const GET: APIRoute = ({ locals }) =>
  new Response(robotsTxt(locals.siteUrl), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
