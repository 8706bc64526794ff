/** Debian's Chromium driven by playwright-core, headless, as the decisions prescribe. */
import {
  type Browser,
  type BrowserServer,
  chromium,
  type Download,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { chromiumPath } from './chromium-path.ts';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/**
 * One Chromium for a whole test run (./global-setup.ts), which each file connects to
 * (`connectBrowser`): a file's pages are in contexts of its own, closed when it disconnects.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}

export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

export function launchOptions(): LaunchOptions {
  return {
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
  };
}

/** Holds back the page's requests to `url` (a glob) until the answered function is called. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The text of a file the page downloaded (read as a stream: the run's Chromium is a remote one, with no local path). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
