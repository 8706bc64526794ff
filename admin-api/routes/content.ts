import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** The site-content document. */
export function contentRoutes({ stores }: AppDeps) {
  return new Hono().get('/content', (c) => c.json(stores.content.data));
}
