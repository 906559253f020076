/**
 * Issue 8 (layouts): a layout's errors were French around an English reason ("… à l'emplacement
 * /blocks/0/w : must be <= 24"). The reason is now in the call's language too (ajv-i18n for the
 * schema's reasons, the server's locales for the others), for saves and at /ui/status.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { layoutDoc, markdown } from '../helpers/layouts.ts';

const PAGE = 'professional-dashboard';
const doc = (blocks: object[]) => layoutDoc(PAGE, 'x', blocks);

let dir: string;
let gw: TestGateway;
let tilleuls: string;
let admin: Browser;
let backOffice: Browser;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-layout-i18n-'));
  cpSync(new URL('../../layouts', import.meta.url), dir, { recursive: true });
  gw = await startGateway({ LAYOUTS_DIR: dir });
  tilleuls = await establishmentIdOf(gw.db.database.db, 'clinique-des-tilleuls');
  [admin, backOffice] = await Promise.all([login(gw.app, demoEmail('admin.establishment')), login(gw.app, demoEmail('admin'))]);
});
afterAll(async () => {
  await gw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const save = (document: object, l: string) => admin.agent.put(`/ui/layouts/${PAGE}?structure=${tilleuls}&l=${l}`).set('x-csrf-token', admin.csrf).send({ document });

/** [case, document, path, the English reason] */
const CASES: [string, object, string, string][] = [
  ['w beyond 24', doc([markdown('a', 'x', { w: 30 })]), '/blocks/0/w', 'must be <= 24'],
  ['a missing property', doc([{ ...markdown('a', 'x'), props: {} }]), '/blocks/0/props', "must have required property 'content'"],
  ['an unknown property', doc([{ ...markdown('a', 'x'), colour: 'red' }]), '/blocks/0', "must NOT have additional properties 'colour'"],
  ['an unknown role', doc([{ ...markdown('a', 'x'), visibleFor: { roles: ['ROLE_ROOT'] } }]), '/blocks/0/visibleFor/roles/0', 'must be equal to one of the allowed values (ROLE_ADMIN, ROLE_PROFESSIONAL, ROLE_PATIENT)'],
  ['a duplicate block id', doc([markdown('same', 'x'), markdown('same', 'y', { y: 2 })]), '/blocks/1/id', "duplicate block id 'same'"],
  ['x + w beyond the grid', doc([markdown('a', 'x', { x: 8, w: 6 })]), '/blocks/0', 'x + w (14) exceeds grid.cols (12)'],
];

describe('PUT /ui/layouts/:page: the reason in the language of the call', () => {
  it.each(CASES)('%s: in English as stated', async (_case, document, pointer, reason) => {
    expect((await save(document, 'en').expect(400)).body.message).toBe(`The layout is invalid at ${pointer}: ${reason}.`);
  });

  it.each(CASES.flatMap((c) => [['fr', ...c], ['ar', ...c]] as [string, ...typeof c][]))('%s, %s: no English left', async (l, _case, document, pointer, reason) => {
    const { message } = (await save(document, l).expect(400)).body;
    expect(message).toContain(pointer);
    // The English reasons' words (formulas such as `x + w` and quoted names stay as they are).
    expect(reason).toMatch(/\b(must|duplicate|exceeds)\b/);
    expect(message).not.toMatch(/\b(must|duplicate|exceeds)\b/);
  });

  it('states the French reasons in full', async () => {
    expect((await save(CASES[0]![1], 'fr').expect(400)).body.message).toBe("La mise en page est invalide à l'emplacement /blocks/0/w : doit être <= 24.");
    expect((await save(CASES[4]![1], 'fr').expect(400)).body.message).toBe("La mise en page est invalide à l'emplacement /blocks/1/id : identifiant de bloc « same » en double.");
    expect((await save(CASES[1]![1], 'ar').expect(400)).body.message).toContain("'content'");
  });
});

describe('/ui/status: the reason in the language of the call', () => {
  const statusOf = async (file: string, l: string) => ((await backOffice.agent.get(`/ui/status?l=${l}`).expect(200)).body.layouts as { file: string; error?: string }[])
    .find((f) => f.file === file)?.error;
  const file = 'default/pages/patient-home.json';
  const write = (content: string) => writeFileSync(path.join(dir, file), content);
  let original: string;
  beforeAll(() => { original = readFileSync(path.join(dir, file), 'utf8'); });
  afterAll(() => write(original));

  it.each([
    ['w beyond 24', () => { const d = JSON.parse(original); d.blocks[0].w = 30; return JSON.stringify(d); }, '/blocks/0/w: must be <= 24', '/blocks/0/w : doit être <= 24'],
    ['another page', () => JSON.stringify(layoutDoc('professional-dashboard', 'x')), "/page: 'professional-dashboard' does not match the file name 'patient-home.json'", "/page : « professional-dashboard » ne correspond pas au nom du fichier « patient-home.json »"],
  ])('%s', async (_case, content, english, french) => {
    write(content());
    while ((await statusOf(file, 'en')) !== english) await new Promise((r) => setTimeout(r, 25));
    expect(await statusOf(file, 'fr')).toBe(french);
    const arabic = await statusOf(file, 'ar');
    expect(arabic).toMatch(/^\/(blocks\/0\/w|page)/);
    expect(arabic).not.toMatch(/\b(must|does not match)\b/);
  });

  it('not valid JSON', async () => {
    write('{ "id": ');
    while (!(await statusOf(file, 'en'))?.startsWith('not valid JSON')) await new Promise((r) => setTimeout(r, 25));
    expect(await statusOf(file, 'fr')).toMatch(/^JSON invalide/);
  });
});
