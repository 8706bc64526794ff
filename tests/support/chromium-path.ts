/** Where the browser tests find Chromium: CHROMIUM_PATH, or Debian's package. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}
