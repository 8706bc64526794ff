import { existsSync } from 'node:fs';

/** Debian's Chromium built for headless use only: the same Blink, without the desktop browser's parts. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Where the browser tests find Chromium: CHROMIUM_PATH, or Debian's headless shell (a browser test
 * costs about a quarter less CPU in it: `npm run bench:browser`), or Debian's Chromium.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
}
