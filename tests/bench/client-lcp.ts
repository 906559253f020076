/** Largest contentful paint of the patient home, cold cache, logged in, over loopback. */
import type { Browser, Page } from 'playwright-core';
import { loginToPatientHome } from './patient-home-login.ts';

/**
 * The page's last largest-contentful-paint entry. Chromium may report none (a page it never
 * painted, a tab it throttled): the wait then fails after `timeoutMs` instead of holding an idle
 * browser forever, as it once did for more than nine minutes (page.evaluate has no timeout).
 */
export function largestContentfulPaint(page: Page, timeoutMs = 15_000): Promise<number> {
  return page.evaluate((ms) => new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no largest-contentful-paint entry within ${ms} ms`)), ms);
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      clearTimeout(timer);
      resolve(entries[entries.length - 1]!.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }), timeoutMs);
}

export async function measureLcp(browser: Browser, baseUrl: string, runs: number) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  // The live stream (GET /api/events, opened by the bell and the patient area) never ends: it is
  // answered 204, which tells EventSource not to reconnect, so the page's requests can all finish.
  await context.route('**/api/events', (route) => route.fulfill({ status: 204 }));
  const page = await context.newPage();
  await loginToPatientHome(page, baseUrl);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const values: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${baseUrl}/p/0`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    values.push(await largestContentfulPaint(page));
  }
  await context.close();
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, runs: values };
}
