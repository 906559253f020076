/**
 * Issue 8 (layouts): `visibleFor` is applied by the server. GET /ui/layouts/{page} sends only the
 * blocks the caller may see (their roles, their privileges in the structure), so a hidden
 * block's props never reach them; the layout's editors (establishment admins of the structure)
 * get the whole document, which the editor needs. Each audience has its own ETag, and a 304
 * only ever answers the body that audience would get.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { getLayout, layoutDoc, makeAzurEstablishmentAdmin, markdown, saveLayout } from '../helpers/layouts.ts';

const page = 'professional-dashboard';
const secret = (id: string) => `<secret of ${id}>`;
const block = (id: string, visibleFor: object | undefined, y: number) => ({ ...markdown(id, secret(id), { y }), ...(visibleFor ? { visibleFor } : {}) });
const BLOCKS = [
  block('everyone', undefined, 0),
  block('care', { privileges: ['OPERATOR', 'PRESCRIBER'] }, 2),
  block('managers', { privileges: ['MANAGER'] }, 4),
  block('backoffice', { roles: ['ROLE_ADMIN'] }, 6),
  block('patients', { roles: ['ROLE_PATIENT'] }, 8),
  block('care-or-admin', { roles: ['ROLE_ADMIN'], privileges: ['OPERATOR'] }, 10),
];
const ALL = BLOCKS.map((b) => b.id);

let gw: TestGateway;
let azur: string;
const browsers = new Map<string, Promise<Browser>>();
const as = (local: string) => {
  if (!browsers.has(local)) browsers.set(local, login(gw.app, demoEmail(local)));
  return browsers.get(local)!;
};

beforeAll(async () => {
  gw = await startGateway();
  azur = await establishmentIdOf(gw.db.database.db, 'chu-azur');
  await makeAzurEstablishmentAdmin(gw.db.database.db, 'superadmin');
  await saveLayout(await as('superadmin'), page, azur, 'establishment', layoutDoc(page, 'x', BLOCKS)).expect(200);
});
afterAll(async () => { await gw?.close(); });

describe('GET /ui/layouts/{page} applies visibleFor', () => {
  it.each([
    ['operator', ['everyone', 'care', 'care-or-admin']],
    ['prescriber', ['everyone', 'care']],
    ['manager', ['everyone', 'managers']],
    ['admin', ['everyone', 'backoffice', 'care-or-admin']],
    ['patient.open', ['everyone', 'patients']],
  ])('sends %s only the blocks they may see, and none of the others\' props', async (local, visible) => {
    const res = await getLayout(await as(local), page, azur).expect(200);
    expect(res.body.blocks.map((b: { id: string }) => b.id)).toEqual(visible);
    for (const id of ALL.filter((id) => !visible.includes(id))) expect(res.text).not.toContain(secret(id));
    // The same for the establishment's layout asked for directly.
    const establishment = await getLayout(await as(local), page, azur, { source: 'establishment' }).expect(200);
    expect(establishment.body.blocks.map((b: { id: string }) => b.id)).toEqual(visible);
  });

  it('sends the whole document to an editor of the layout, for the page and for the editor', async () => {
    for (const source of ['effective', 'establishment']) {
      const res = await getLayout(await as('superadmin'), page, azur, { source }).expect(200);
      expect(res.body.blocks.map((b: { id: string }) => b.id)).toEqual(ALL);
      expect(res.body.blocks.find((b: { id: string }) => b.id === 'managers').visibleFor).toEqual({ privileges: ['MANAGER'] });
    }
  });

  it('gives each audience its own ETag: a 304 never stands for another audience\'s body', async () => {
    const etagOf = async (local: string) => (await getLayout(await as(local), page, azur).expect(200)).headers.etag as string;
    const [operator, prescriber, manager, editor] = await Promise.all(['operator', 'prescriber', 'manager', 'superadmin'].map(etagOf));
    expect(new Set([operator, prescriber, manager, editor]).size).toBe(4);
    // Same audience: revalidated.
    await getLayout(await as('operator'), page, azur).set('if-none-match', operator!).expect(304);
    // Another audience's ETag (another user of the same browser): the full answer for this one.
    const mine = await getLayout(await as('manager'), page, azur).set('if-none-match', editor!).expect(200);
    expect(mine.headers.etag).toBe(manager);
    expect(mine.text).not.toContain(secret('care'));
    const operatorWithEditors = await getLayout(await as('operator'), page, azur).set('if-none-match', editor!).expect(200);
    expect(operatorWithEditors.text).not.toContain(secret('managers'));
  });

  it('filters a personal layout by its owner\'s rights as well', async () => {
    const operator = await as('operator');
    const own = [block('mine', undefined, 0), block('not-mine', { privileges: ['MANAGER'] }, 2)];
    await saveLayout(operator, page, azur, 'personal', layoutDoc(page, 'x', own)).expect(200);
    const res = await getLayout(operator, page, azur).expect(200);
    expect(res.headers['x-layout-source']).toBe('personal');
    expect(res.body.blocks.map((b: { id: string }) => b.id)).toEqual(['mine']);
  });
});
