import type { APIRoute } from 'astro';
import { publicAlert } from '../contract/alerts.ts';

/** The urgent notices showing now, written beside the pages for other systems (docs/api.md). */
export const GET: APIRoute = ({ locals }) =>
  new Response(`${JSON.stringify({ alerts: locals.content.alerts.map(publicAlert) }, null, 2)}\n`, {
    headers: { 'content-type': 'application/json' },
  });
