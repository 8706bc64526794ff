/** Debian's Chromium driven by playwright-core, headless, as the decisions prescribe. */
import { type Browser, chromium } from 'playwright-core';
import { chromiumPath } from './chromium-path.ts';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
