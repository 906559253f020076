/**
 * Bytes on the wire from the very first request (the patient's address, which sends them to the
 * login page) to the patient home painted: every response's `encodedDataLength` as Chromium's
 * network stack counts it (CDP Network.loadingFinished: headers and body as received,
 * compressed when the server compressed), in one page whose CDP session follows it across the
 * navigations. A first visit: a new browser context starts with an empty cache, which then
 * works as a browser's does (the home's scripts, already fetched for the address before login,
 * come from it after). Responses still arriving when the home is painted and the network is
 * idle are waited for, so none is left out.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { loginToPatientHome } from './patient-home-login.ts';

/** Text that only these libraries' code carries: none may be in the first screens' scripts. */
export const FORBIDDEN_SIGNATURES: Record<string, RegExp> = {
  echarts: /echarts|ECharts/,
  'markdown editor (@uiw/react-md-editor)': /w-md-editor/,
  rjsf: /@rjsf|rjsf-/,
  'grid layout (react-grid-layout)': /react-grid-layout|react-grid-item/,
};

export interface WireRequest { url: string; path: string; type: string; status: number; encoding: string; bytes: number }

/** Every request of the page from now on, with its bytes on the wire once it has finished. */
function recordWire(cdp: CDPSession) {
  const started = new Map<string, { url: string; type: string }>();
  const responses = new Map<string, { status: number; encoding: string; type: string; wire: number }>();
  const finished: WireRequest[] = [];
  /** Body bytes received so far, per request (Network.dataReceived). */
  const received = new Map<string, number>();
  /** Addresses whose bytes were counted: a later answer from the cache costs nothing more. */
  const counted = new Set<string>();
  const open = new Set<string>();
  let settle: (() => void) | undefined;
  const done = (id: string) => { open.delete(id); if (open.size === 0) settle?.(); };
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the id: the hop before it has finished (its bytes come with the next).
    started.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other' });
  });
  cdp.on('Network.responseReceived', (e) => {
    // Waited for from its response on: a module asked for twice (modulepreload, then import) is
    // announced twice and answered once, and the duplicate never finishes.
    // The live stream (GET /api/events, opened by the bell and the patient area) never ends: not waited for.
    if (e.type !== 'EventSource') open.add(e.requestId);
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    // What this answer cost when it crossed the wire: its status line, headers and body as sent.
    const wire = `HTTP/1.1 ${e.response.status} ${e.response.statusText}\r\n`.length
      + Object.entries(e.response.headers).reduce((total, [k, v]) => total + `${k}: ${String(v)}\r\n`.length, 2) + Number(headers['content-length'] ?? 0);
    responses.set(e.requestId, { status: e.response.status, encoding: headers['content-encoding'] ?? 'identity', type: e.type, wire });
  });
  cdp.on('Network.dataReceived', (e) => { received.set(e.requestId, (received.get(e.requestId) ?? 0) + e.encodedDataLength); });
  cdp.on('Network.loadingFinished', (e) => {
    const request = started.get(e.requestId);
    const response = responses.get(e.requestId);
    if (request) {
      // Served from a cache (0 bytes now) though its download was never seen: a request
      // of the page navigated away from (the preloads started before the login redirect) can
      // fill the cache without its events reaching this session. It crossed the wire all the
      // same: counted from its headers and Content-Length.
      const unseen = e.encodedDataLength === 0 && response !== undefined && !counted.has(request.url);
      record(request, response, unseen ? response.wire : e.encodedDataLength);
    }
    done(e.requestId);
  });
  cdp.on('Network.loadingFailed', (e) => {
    // Cut short (a navigation): what had arrived still came over the wire.
    const request = started.get(e.requestId);
    const bytes = received.get(e.requestId) ?? 0;
    if (request && bytes > 0) record(request, responses.get(e.requestId), bytes);
    done(e.requestId);
  });
  function record(request: { url: string; type: string }, response: { status: number; encoding: string; type: string } | undefined, bytes: number) {
    if (bytes > 0) counted.add(request.url);
    finished.push({
      url: request.url, path: new URL(request.url).pathname, type: response?.type ?? request.type,
      status: response?.status ?? 0, encoding: response?.encoding ?? 'identity', bytes,
    });
  }
  return {
    finished,
    /** Resolves once no request is in flight. */
    idle: () => new Promise<void>((resolve) => { if (open.size === 0) resolve(); else settle = resolve; }),
  };
}

export async function measureTransfer(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  // The live stream (GET /api/events, opened by the bell and the patient area) never ends: it is
  // answered 204, which tells EventSource not to reconnect, so the page's requests can all finish.
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const wire = recordWire(cdp);
  const scripts = new Map<string, string>();
  const bodies: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // A page navigated away from (the login page) no longer has its bodies: fetch them again.
    bodies.push(response.text().catch(async () => (await fetch(response.url())).text())
      .then((text) => { scripts.set(new URL(response.url()).pathname, text); }));
  });
  await loginToPatientHome(page, baseUrl);
  await page.getByRole('navigation').waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await wire.idle();
  await Promise.all(bodies);
  await context.close();

  const requests = [...wire.finished];
  const sum = (rows: WireRequest[]) => rows.reduce((total, r) => total + r.bytes, 0);
  const byType = new Map<string, WireRequest[]>();
  for (const r of requests) byType.set(r.type, [...(byType.get(r.type) ?? []), r]);
  const forbiddenFound = Object.entries(FORBIDDEN_SIGNATURES).filter(([, re]) => [...scripts.values()].some((text) => re.test(text))).map(([name]) => name);
  const scriptRows = requests.filter((r) => r.type === 'Script');
  return {
    /** Every byte received, headers included, in kilobytes (1000 bytes). */
    wireKB: sum(requests) / 1000,
    requests: requests.length,
    jsWireKB: sum(scriptRows) / 1000,
    jsRawKiB: [...scripts.values()].reduce((total, text) => total + Buffer.byteLength(text), 0) / 1024,
    byType: [...byType].map(([type, rows]) => ({ type, requests: rows.length, kB: sum(rows) / 1000 })).sort((a, b) => b.kB - a.kB),
    largest: [...requests].sort((a, b) => b.bytes - a.bytes).slice(0, 15),
    /** Every request in the order it finished. */
    all: requests,
    uncompressedText: requests.filter((r) => r.encoding === 'identity' && r.bytes > 1500 && /Script|Stylesheet|Document|Fetch|XHR/.test(r.type)).map((r) => r.path),
    forbiddenFound,
  };
}
