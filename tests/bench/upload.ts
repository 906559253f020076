/**
 * Upload of a document's file through the gateway (issue 20 §1): a 10 MB PDF, prepared then sent
 * as multipart to POST /api/files/{id}/upload on loopback, into the database storage (512 KiB
 * chunks, server/storage/database.ts). Goals: at least 50 MB/s, and the server's resident memory
 * grows by less than 20 MB during an upload — the bytes stream through, never held whole. The
 * server runs as a child process (children.ts) whose RSS is sampled from /proc while the bytes
 * travel. In smoke mode one 1 MB upload: the code path, no figure worth reading.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '../../server/demo/accounts.ts';
import { demoPdf } from '../../server/demo/documents.ts';
import { rssMiB } from './children.ts';
import { login, type Session } from './browser.ts';
import type { StepContext } from './runner/step.ts';
import { EMAIL } from './throughput.ts';

const MB = 1_000_000;

/** A PDF of `bytes` bytes: the demo's one page, then bytes the type check never reads. */
const pdfOf = (bytes: number) => {
  const head = demoPdf('Compte rendu');
  return Buffer.concat([head, randomBytes(Math.max(0, bytes - head.length))]);
};

async function upload(url: string, session: Session, bytes: Buffer): Promise<void> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  const prepared = await fetch(`${url}/api/files/prepare`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'compte-rendu.pdf' }) });
  if (prepared.status !== 200) throw new Error(`prepare: ${prepared.status} ${await prepared.text()}`);
  const { id } = await prepared.json() as { id: string };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'compte-rendu.pdf');
  const res = await fetch(`${url}/api/files/${id}/upload`, { method: 'POST', headers, body: form });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
}

export async function uploadBench(context: StepContext) {
  const size = context.smoke ? 1 * MB : 10 * MB;
  const rounds = context.smoke ? 1 : 5;
  const gateway = await context.start('gateway', { DATA_DIR: context.pgliteDemo(), DEMO_DATA: 'true' });
  const session = await login(gateway.url, EMAIL, DEMO_PASSWORD);
  const bytes = pdfOf(size);
  // A first upload warms the route, the parser and the database's buffers: what it costs is not the upload's.
  await upload(gateway.url, session, bytes);
  const speeds: number[] = [];
  const growths: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const before = rssMiB(gateway.pid) ?? 0;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, rssMiB(gateway.pid) ?? 0); }, 10);
    const began = performance.now();
    try {
      await upload(gateway.url, session, bytes);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - began) / 1000;
    peak = Math.max(peak, rssMiB(gateway.pid) ?? 0);
    speeds.push(size / MB / seconds);
    growths.push(peak - before);
    context.log(`upload ${round + 1}: ${(size / MB / seconds).toFixed(1)} MB/s, resident ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`);
  }
  const median = [...speeds].sort((a, b) => a - b)[Math.floor(speeds.length / 2)]!;
  const growth = Math.max(...growths);
  context.goal({ name: `upload of a ${size / MB} MB PDF through the gateway (median of ${rounds})`, value: `${median.toFixed(1)} MB/s`, goal: '≥ 50 MB/s', met: context.smoke ? undefined : median >= 50 });
  context.goal({ name: 'resident memory growth of the server during an upload (largest)', value: `${growth.toFixed(1)} MiB`, goal: '< 20 MB', met: context.smoke ? undefined : growth * 1.048576 < 20 });
}
