// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// The public site and the admin pages are pre-rendered. The server (admin-api/) builds this
// project into a fresh folder per content change, so outDir and cacheDir come from the caller.
export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory' },
  integrations: [react()],
  markdown: { syntaxHighlight: false },
  security: { csp: true },
  devToolbar: { enabled: false },
});
