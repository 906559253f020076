/** Every script a browser downloads from the login redirect to the patient home, gzip-sized. */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { loginToPatientHome } from './patient-home-login.ts';

/** Text that only these libraries' code carries: none may be in the first screens' scripts. */
export const FORBIDDEN_SIGNATURES: Record<string, RegExp> = {
  echarts: /echarts|ECharts/,
  'markdown editor (@uiw/react-md-editor)': /w-md-editor/,
  rjsf: /@rjsf|rjsf-/,
  'grid layout (react-grid-layout)': /react-grid-layout|react-grid-item/,
};

export async function measureTransfer(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // A page navigated away from (the login page) no longer has its bodies: fetch them again.
    pending.push(response.body().catch(async () => Buffer.from(await (await fetch(response.url())).arrayBuffer()))
      .then((body) => { scripts.set(new URL(response.url()).pathname, body); }));
  });
  await loginToPatientHome(page, baseUrl);
  await page.getByRole('navigation').waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();

  const rows = [...scripts].map(([path, body]) => ({ path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') }));
  const forbiddenFound = Object.entries(FORBIDDEN_SIGNATURES).filter(([, re]) => rows.some((r) => re.test(r.text))).map(([name]) => name);
  return {
    jsGzipKiB: rows.reduce((sum, r) => sum + r.gzip, 0) / 1024,
    jsRawKiB: rows.reduce((sum, r) => sum + r.raw, 0) / 1024,
    scripts: rows.sort((a, b) => b.gzip - a.gzip).map((r) => ({ path: r.path, gzipKiB: r.gzip / 1024 })),
    forbiddenFound,
  };
}
