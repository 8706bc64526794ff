import type { AstroIntegration } from 'astro';

/**
 * `npm run dev` (admin-api/dev/dev-server.ts): Astro's dev server renders the pages from the
 * content in `DATA_DIR`, and sends `/api` to the API server started beside it. Published sites
 * hand the pages their content themselves (publish/render-pages.ts), so builds leave this out.
 */
export function devContent(): AstroIntegration {
  return {
    name: 'school-dev-content',
    hooks: {
      'astro:config:setup': ({ command, addMiddleware, updateConfig }) => {
        if (command !== 'dev') return;
        addMiddleware({ entrypoint: new URL('./content-middleware.ts', import.meta.url), order: 'pre' });
        const api = process.env.SCHOOL_DEV_API;
        if (api) updateConfig({ vite: { server: { proxy: { '/api': api } } } });
      },
    },
  };
}
