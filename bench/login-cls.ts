/**
 * The login page's cumulative layout shift while it loads as on a mid-range phone: Lighthouse's
 * mobile profile (slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; a 4× slower CPU),
 * through the Chrome DevTools Protocol, at a desktop and a phone viewport.
 */
import type { Browser } from 'playwright-core';

export interface LoginCls {
  viewport: string;
  cls: number;
}

export const LOGIN_CLS_VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 412, height: 823 },
];

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/** Sums the layout shifts not caused by input, as Lighthouse does, until the page has settled. */
const OBSERVE_SHIFTS = `
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

export async function measureLoginCls(browser: Browser, base: string): Promise<LoginCls[]> {
  const results: LoginCls[] = [];
  for (const viewport of LOGIN_CLS_VIEWPORTS) {
    const context = await browser.newContext({ viewport, isMobile: viewport.width < 600 });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(OBSERVE_SHIFTS);
      await page.goto(`${base}/admin`, { waitUntil: 'load' });
      // Hydration and late styles land after load on a slow CPU: give them time to settle.
      await page.waitForTimeout(3000);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      results.push({ viewport: `${viewport.width}×${viewport.height}`, cls });
    } finally {
      await context.close();
    }
  }
  return results;
}
