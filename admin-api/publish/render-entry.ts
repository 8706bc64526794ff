/** The compiled site's server entry: renders one page per request (see render-adapter.ts). */
import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: false });

export function render(request: Request): Promise<Response> {
  return app.render(request);
}
