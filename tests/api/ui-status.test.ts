/**
 * Issue 8 (security 7): /ui/status says ok or degraded to anyone; which files exist and why one
 * is invalid only to those who administer their scope: back-office admins every folder, an
 * establishment admin or a super admin their establishment's folder and its brand's (a super admin
 * of CHU Azur once saw every establishment's), nobody else (server/care/access.ts
 * policies.layouts.provisioningReach).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { makeAzurEstablishmentAdmin } from '../helpers/layouts.ts';

let dir: string;
let gw: TestGateway;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-status-'));
  cpSync(new URL('../../layouts', import.meta.url), dir, { recursive: true });
  gw = await startGateway({ LAYOUTS_DIR: dir });
  // The manager of CHU Azur (brand azur) also administers that establishment.
  await makeAzurEstablishmentAdmin(gw.db.database.db, 'manager');
});
afterAll(async () => {
  await gw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface StatusBody { status: 'ok' | 'degraded'; layouts?: { file: string; state: string; error?: string }[] }
const anonymous = async () => (await gw.app.inject({ method: 'GET', url: '/ui/status' })).json() as StatusBody;
const as = async (local: string) => {
  const browser = await login(gw.app, demoEmail(local));
  return async () => (await browser.agent.get('/ui/status').expect(200)).body as StatusBody;
};
const scopesOf = (body: StatusBody) => [...new Set(body.layouts?.map((f) => f.file.split('/')[0]))].sort();

/** Polls until `check` holds: the watcher applies a change within moments, the test timeout bounds it. */
async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 25));
}

describe('/ui/status', () => {
  it('tells an anonymous caller ok, and nothing of the files', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/ui/status' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it.each(['patient.open', 'caregiver', 'prescriber', 'operator', 'pro.two'])('tells %s (no admin) only ok', async (local) => {
    expect(await (await as(local))()).toEqual({ status: 'ok' });
  });

  it('lists every folder to the back-office admin', async () => {
    const body = await (await as('admin'))();
    expect(body.status).toBe('ok');
    expect(scopesOf(body)).toEqual(['azur', 'chu-azur', 'clinique-des-tilleuls', 'default']);
    expect(body.layouts).toContainEqual(expect.objectContaining({ file: 'default/pages/patient-home.json', state: 'ok' }));
  });

  it("lists an establishment admin their establishment's folder and its brand's, not the default nor another's", async () => {
    expect(scopesOf(await (await as('admin.establishment'))())).toEqual(['clinique-des-tilleuls']);
    expect(scopesOf(await (await as('manager'))())).toEqual(['azur', 'chu-azur']);
  });

  it("lists CHU Azur's super admin CHU Azur's folder and its brand's, not the default nor Tilleuls'", async () => {
    expect(scopesOf(await (await as('superadmin'))())).toEqual(['azur', 'chu-azur']);
  });

  it('says degraded to everyone when a file is invalid; the reason only to its scope\'s admins', async () => {
    const file = 'default/pages/patient-home.json';
    const original = readFileSync(path.join(dir, file), 'utf8');
    const broken = JSON.parse(original);
    broken.blocks[0].w = 30;
    writeFileSync(path.join(dir, file), JSON.stringify(broken));
    try {
      await until(async () => (await anonymous()).status === 'degraded');
      expect(await anonymous()).toEqual({ status: 'degraded' });
      expect(await (await as('operator'))()).toEqual({ status: 'degraded' });
      const manager = await (await as('manager'))();
      expect(manager.status).toBe('degraded');
      expect(manager.layouts!.every((f) => f.state === 'ok')).toBe(true);
      const admin = await (await as('admin'))();
      expect(admin.layouts!.find((f) => f.file === file)).toMatchObject({ state: 'invalid', error: expect.stringContaining('/blocks/0/w') });
    } finally {
      writeFileSync(path.join(dir, file), original);
      await until(async () => (await anonymous()).status === 'ok');
    }
  });
});
