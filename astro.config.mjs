// @ts-check

import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { devContent } from './admin-api/dev/dev-integration.ts';
import { formsOwnZod } from './admin-api/publish/forms-zod.ts';
import { pageRenderer } from './admin-api/publish/render-adapter.ts';

// The site is compiled once per version of the code. The admin pages are pre-rendered then; the
// public pages are rendered by the server from each content snapshot into static files
// (admin-api/publish/), so outDir and cacheDir come from the caller.
export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  output: 'server',
  adapter: pageRenderer(),
  trailingSlash: 'never',
  build: { format: 'directory' },
  integrations: [react(), devContent()],
  markdown: { syntaxHighlight: false },
  // Scripts and styles: only the site's own, by hash (Astro). Everything else: this origin only.
  security: {
    csp: {
      directives: ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"],
    },
  },
  devToolbar: { enabled: false },
  vite: { plugins: [formsOwnZod()] },
});
