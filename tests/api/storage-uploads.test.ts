/**
 * Uploads and downloads through the API are streamed to and from the storage (issue 9 §6): the
 * database storage has rows of a 20 MB upload before the request has ended; what is refused
 * (a type read from the first bytes, one byte past 20 MB) leaves nothing stored; the bytes
 * come back equal with the type read from them; and the same through the S3 storage against a
 * real S3-protocol server, under a name the server made.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileChunks, files } from '../../server/db/schema.ts';
import { MAX_UPLOAD_BYTES } from '../../server/care/files/repository.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { calls, GIF, MIME, pdf, PNG } from '../helpers/questionnaires.ts';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';

/** A PDF of exactly `size` bytes (file-type reads %PDF- at the start; the rest is padding). */
const pdfOf = (size: number) => { const head = pdf(); const b = Buffer.alloc(size, 0x20); head.copy(b); return b; };

const download = (b: Browser, url: string) => b.agent.get(url).buffer(true)
  .parse((res, done) => { const chunks: Buffer[] = []; res.on('data', (c: Buffer) => chunks.push(c)); res.on('end', () => done(null, Buffer.concat(chunks))); });

/**
 * Uploads a 20 MB PDF over a real connection in two halves: `whileOpen` runs after the first
 * half, the request not ended yet (what the storage holds then shows it streams).
 */
async function uploadInTwoHalves(gw: TestGateway, b: Browser, whileOpen: () => Promise<void>): Promise<{ status: number; body: string }> {
  const prepared = (await calls(b).prepare('gros.pdf')).body;
  // A server of our own in front of the app's (supertest opens and closes the app's for each call).
  const server = http.createServer((req, res) => gw.app.server.emit('request', req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const bytes = pdfOf(MAX_UPLOAD_BYTES);
  const boundary = 'telesuivi-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gros.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: prepared.upload_url,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + bytes.length + tail.length,
        cookie: b.sessionCookie.split(';')[0], 'x-csrf-token': b.csrf, origin: gw.config.publicUrl.origin,
      },
    }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => { body += d; }).on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    (async () => {
      req.write(head);
      const half = bytes.length / 2;
      req.write(bytes.subarray(0, half));
      await whileOpen();
      req.write(bytes.subarray(half));
      req.end(tail);
    })().catch(reject);
  }).finally(() => server.close());
}

describe('database storage, through the API', () => {
  let gw: TestGateway;
  let b: Browser;
  const chunkRows = async () => (await gw.db.database.db.select({ n: count() }).from(fileChunks))[0]!.n;
  const row = async (id: string) => (await gw.db.database.db.select().from(files).where(eq(files.id, id)))[0]!;

  beforeAll(async () => {
    gw = await startGateway();
    b = await login(gw.app, demoEmail('patient.open'));
  });
  afterAll(async () => { await gw?.close(); });

  it('takes a 20 MB file (the limit) and gives back the same bytes, type read from them, length announced', async () => {
    const bytes = pdfOf(MAX_UPLOAD_BYTES);
    const c = calls(b);
    const prepared = (await c.prepare('compte-rendu.pdf')).body;
    const res = await c.upload(prepared.upload_url, [{ bytes, filename: 'compte-rendu.pdf', contentType: 'text/plain' }]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ mimeType: 'application/pdf', size: MAX_UPLOAD_BYTES });
    const stored = await row(prepared.id);
    expect(stored.storageKey).toMatch(/^f-[0-9a-f]{32}$/);
    const back = await download(b, `/api/files/${prepared.id}/download`);
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-length']).toBe(String(MAX_UPLOAD_BYTES));
    expect(Buffer.compare(back.body as Buffer, bytes)).toBe(0);
  }, 120_000);

  it.each([
    ['one byte past 20 MB', pdfOf(MAX_UPLOAD_BYTES + 1), 'file_too_large'],
    ['a GIF (its first bytes name a type not accepted)', GIF, 'file_type_refused'],
    ['21 MB of text', Buffer.alloc(21 * 1_048_576, 'a'), 'file_type_refused'],
  ])('refuses %s, keeping nothing in the storage, and the file can be uploaded again', async (_case, bytes, code) => {
    const before = await chunkRows();
    const c = calls(b);
    const prepared = (await c.prepare('x.pdf')).body;
    const res = await c.upload(prepared.upload_url, [{ bytes, filename: 'x.pdf', contentType: MIME.pdf }]);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code, field: 'body.file' });
    expect(await chunkRows()).toBe(before);
    expect(await row(prepared.id)).toMatchObject({ storageKey: null, uploadedAt: null });
    expect((await c.upload(prepared.upload_url, [{ bytes: PNG, filename: 'x.png', contentType: MIME.png }])).status).toBe(200);
  }, 120_000);

  it('removes the stored bytes of a request with two files (multiple_uploads)', async () => {
    const before = await chunkRows();
    const c = calls(b);
    const prepared = (await c.prepare('x.pdf')).body;
    const res = await c.upload(prepared.upload_url, [
      { bytes: pdfOf(1_048_576), filename: 'a.pdf', contentType: MIME.pdf },
      { bytes: PNG, filename: 'b.png', contentType: MIME.png },
    ]);
    expect(res.body).toMatchObject({ code: 'multiple_uploads' });
    expect(await chunkRows()).toBe(before);
  });

  it('stores a 20 MB upload as it arrives: rows are written before the request has ended', async () => {
    const before = await chunkRows();
    const res = await uploadInTwoHalves(gw, b, async () => {
      await vi.waitFor(async () => expect(await chunkRows()).toBeGreaterThan(before), { timeout: 60_000, interval: 50 });
    });
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ size: MAX_UPLOAD_BYTES, mimeType: 'application/pdf' });
  }, 120_000);
});

describe('S3 storage, through the API', () => {
  let s3: TestS3;
  let gw: TestGateway;
  let b: Browser;

  beforeAll(async () => {
    s3 = await startTestS3();
    const { endpoint, bucket, region, credentials } = s3.config;
    gw = await startGateway({
      STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region, S3_FORCE_PATH_STYLE: true,
      S3_ACCESS_KEY_ID: credentials?.accessKeyId, S3_SECRET_ACCESS_KEY: credentials?.secretAccessKey,
    });
    b = await login(gw.app, demoEmail('patient.open'));
  });
  afterAll(async () => { await gw?.close(); await s3?.close(); });

  it('stores the bytes as an object named by the server, and streams them back with the type read from them', async () => {
    const bytes = pdfOf(7 * 1_048_576);
    const c = calls(b);
    const prepared = (await c.prepare('compte-rendu.pdf')).body;
    const res = await c.upload(prepared.upload_url, [{ bytes, filename: 'compte-rendu.pdf', contentType: MIME.pdf }]);
    expect(res.status, res.text).toBe(200);
    const [file] = await gw.db.database.db.select().from(files).where(eq(files.id, prepared.id));
    expect(await s3.keys()).toContain(file!.storageKey);
    expect(file!.storageKey).not.toContain('compte-rendu');
    const back = await download(b, `/api/files/${prepared.id}/download`);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(back.body as Buffer, bytes)).toBe(0);
  });

  it('sends the parts of a 20 MB upload as they arrive: parts are on the server before the request has ended', async () => {
    const res = await uploadInTwoHalves(gw, b, async () => {
      await vi.waitFor(async () => expect(await s3.pendingParts()).toBeGreaterThan(0), { timeout: 60_000, interval: 50 });
    });
    expect(res.status, res.body).toBe(200);
    expect(await s3.pendingParts()).toBe(0);
  }, 120_000);

  it('keeps no object of a refused upload', async () => {
    const before = await s3.keys();
    const c = calls(b);
    const prepared = (await c.prepare('x.pdf')).body;
    const res = await c.upload(prepared.upload_url, [{ bytes: pdfOf(MAX_UPLOAD_BYTES + 1), filename: 'x.pdf', contentType: MIME.pdf }]);
    expect(res.body).toMatchObject({ code: 'file_too_large' });
    expect(await s3.keys()).toEqual(before);
  }, 120_000);
});
