import type { AstroIntegration } from 'astro';

/**
 * An Astro adapter whose server entry only renders pages on request (render-entry.ts). The
 * server compiles the site once per version of its code, then renders the public pages from
 * each new content snapshot into static files: an edit never waits for a bundler.
 */
export function pageRenderer(): AstroIntegration {
  return {
    name: 'school-page-renderer',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'school-page-renderer',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./render-entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'stable',
            hybridOutput: 'stable',
            sharpImageService: 'stable',
          },
        });
      },
    },
  };
}
