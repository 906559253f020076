/**
 * Issue 8 (security 8): a downloaded file is sent with the type read from its bytes and a name
 * whose extension matches that type (a PNG/HTML polyglot named poly.html comes back as
 * poly.png); `attachment`, except the image types the client shows in an <img> (PNG and JPEG:
 * the questionnaire file widget's preview); nosniff and a CSP that sandboxes the response;
 * framing refused the same way by X-Frame-Options and the CSP, on every response.
 */
import { parse } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { calls, formIdOf, JPEG, MIME, newPatientFile, PNG, pdf, uploadFile } from '../helpers/questionnaires.ts';
import { sampleAnswer } from '../helpers/form-corpus.ts';

const PDF = pdf();
/** Valid PNG bytes with an HTML page after them: file-type reads a PNG, a sniffing browser a page. */
const POLYGLOT = Buffer.concat([PNG, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);

let gw: TestGateway;
const browsers = new Map<string, Promise<Browser>>();
const browser = (local: string) => {
  if (!browsers.has(local)) browsers.set(local, login(gw.app, demoEmail(local)));
  return browsers.get(local)!;
};

beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw?.close(); });

const download = async (path: string) => (await browser('patient.open')).agent.get(path).buffer(true)
  .parse((res, done) => { const chunks: Buffer[] = []; res.on('data', (c: Buffer) => chunks.push(c)); res.on('end', () => done(null, Buffer.concat(chunks))); });

/** The headers every file answer carries, whatever its type. */
function expectFileHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(headers['cache-control']).toBe('private, no-store');
}

describe('GET /files/{id}/download', () => {
  it.each([
    // bytes, uploaded name, type read from the bytes, disposition, name sent
    ['a PNG', PNG, 'photo.png', 'image/png', 'inline', 'photo.png'],
    ['a PNG/HTML polyglot named .html', POLYGLOT, 'poly.html', 'image/png', 'inline', 'poly.png'],
    ['a PNG named .svg', PNG, 'logo.SVG', 'image/png', 'inline', 'logo.png'],
    ['a PNG without extension', PNG, 'cicatrice', 'image/png', 'inline', 'cicatrice.png'],
    ['a PNG named with an extension only', PNG, '.htaccess', 'image/png', 'inline', 'file.png'],
    ['a JPEG named .jpeg', JPEG, 'photo.JPEG', 'image/jpeg', 'inline', 'photo.JPEG'],
    ['a JPEG named .txt', JPEG, 'notes.txt', 'image/jpeg', 'inline', 'notes.jpg'],
    ['a PDF', PDF, 'compte-rendu.pdf', 'application/pdf', 'attachment', 'compte-rendu.pdf'],
    ['a PDF named .html', PDF, 'lettre.html', 'application/pdf', 'attachment', 'lettre.pdf'],
    ['a PDF with dots in its name', PDF, 'v1.2 final.tar.gz', 'application/pdf', 'attachment', 'v1.2 final.tar.pdf'],
    ['a PNG with a non-ASCII name', PNG, 'Überweisung ½ ملف.png', 'image/png', 'inline', 'Überweisung ½ ملف.png'],
    ['a PNG with quotes and slashes', PNG, 'a "b" \\ c/d.png', 'image/png', 'inline', 'a "b" \\ c/d.png'],
  ])('%s: type from the bytes, extension to match, disposition by type', async (_case, bytes, name, type, disposition, sent) => {
    const id = await uploadFile(await browser('patient.open'), bytes, name, MIME.pdf);
    const res = await download(`/api/files/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    const parsed = parse(res.headers['content-disposition']!);
    expect(parsed.type).toBe(disposition);
    expect(parsed.parameters.filename).toBe(sent);
    expectFileHeaders(res.headers as Record<string, string>);
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    // Non-ASCII names travel as RFC 8187 filename*, with an ASCII fallback for old clients.
    if (/[^\x20-\x7e]/.test(sent)) {
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''`);
      expect(res.headers['content-disposition']).toMatch(/filename="[\x20-\x7e]+"/);
    }
  });

  it('leaves the name the user gave as it was: only the download name is changed', async () => {
    const b = await browser('patient.open');
    const id = await uploadFile(b, POLYGLOT, 'poly.html', MIME.png);
    const renamed = await b.agent.put(`/api/files/${id}`).set('x-csrf-token', b.csrf).send({ name: 'poly.html' });
    expect(renamed.body).toMatchObject({ name: 'poly.html', mimeType: 'image/png' });
  });
});

describe("GET /patient_files/{id}/files/{fileId}/download (a response's file)", () => {
  it('sends the polyglot photo as poly.png, inline, sandboxed', async () => {
    const db = gw.db.database.db;
    const postOp = await formIdOf(db, 'chu-azur', 'POST-OP');
    const fileId = await newPatientFile(db);
    expect((await calls(await browser('prescriber')).assign(fileId, postOp)).status).toBe(200);
    const patient = calls(await browser('patient.open'));
    const tasks = (await patient.tasks(fileId)).body.data as { occurrenceId: string; status: string }[];
    const photo = await uploadFile(await browser('patient.open'), POLYGLOT, 'poly.html', MIME.png);
    const answered = await patient.answer(fileId, {
      formId: postOp, occurrenceId: tasks.find((t) => t.status === 'available')!.occurrenceId,
      answers: { ...sampleAnswer('post-operative-follow-up'), woundPhoto: photo, letter: undefined },
    });
    expect(answered.status, answered.text).toBe(201);
    const res = await (await browser('prescriber')).agent.get(`/api/patient_files/${fileId}/files/${photo}/download`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(parse(res.headers['content-disposition']!)).toEqual({ type: 'inline', parameters: { filename: 'poly.png' } });
    expectFileHeaders(res.headers as Record<string, string>);
  });
});

describe('framing', () => {
  it.each(['/auth/login', '/ui/config', '/api/me', '/healthz'])('%s: X-Frame-Options and the CSP both refuse every frame', async (url) => {
    const res = await (await browser('patient.open')).agent.get(url);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
