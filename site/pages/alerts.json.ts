import type { APIRoute } from 'astro';
import { publicAlert } from '../contract/alerts.ts';

/** The urgent notices showing now, written beside the pages for other systems (docs/api.md). */
export const GET: APIRoute = ({ locals }) => {
  const { alerts, settings } = locals.content;
  const listed = alerts.map((alert) => publicAlert(alert, settings.languages.slice(1)));
  return new Response(`${JSON.stringify({ alerts: listed }, null, 2)}\n`, {
    headers: { 'content-type': 'application/json' },
  });
};
