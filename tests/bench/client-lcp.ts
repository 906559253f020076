/** Largest contentful paint of the patient home, cold cache, logged in, over loopback. */
import type { Browser } from 'playwright-core';
import { loginToPatientHome } from './patient-home-login.ts';

export async function measureLcp(browser: Browser, baseUrl: string, runs: number) {
  const context = await browser.newContext({ locale: 'fr-FR' });
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
    values.push(await page.evaluate(() => new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries[entries.length - 1]!.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })));
  }
  await context.close();
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, runs: values };
}
