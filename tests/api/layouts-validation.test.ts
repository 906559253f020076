/**
 * Issue 4 §2 and §7: PUT /ui/layouts/:page validates the document with ajv and answers 400
 * layout_invalid naming the path inside the document and the reason; an older schemaVersion
 * is upgraded before it is validated and saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { getLayout, layoutDoc, layoutPath, listVersions, markdown, noteOf, saveLayout } from '../helpers/layouts.ts';

let gw: TestGateway;
let tilleuls: string;
let admin: Browser;
beforeAll(async () => {
  gw = await startGateway();
  tilleuls = await establishmentIdOf(gw.db.database.db, 'clinique-des-tilleuls');
  admin = await login(gw.app, demoEmail('admin.establishment'));
});
afterAll(async () => { await gw.close(); });

const PAGE = 'professional-dashboard';
const doc = (blocks: object[]) => layoutDoc(PAGE, 'x', blocks);
const linkList = (href: string) => ({ id: 'links', type: 'link-list', x: 0, y: 0, w: 4, h: 3, props: { links: [{ label: 'Go', href }] } });

/** [case, document, field, path and reason as the message states them] */
const INVALID: [string, object, string, string][] = [
  ['w larger than 24', doc([markdown('a', 'x', { w: 30 })]), 'body.document.blocks.0.w', '/blocks/0/w: must be <= 24'],
  ['h of 0', doc([markdown('a', 'x', { h: 0 })]), 'body.document.blocks.0.h', '/blocks/0/h: must be >= 1'],
  ['an unknown block property', doc([{ ...markdown('a', 'x'), colour: 'red' }]), 'body.document.blocks.0', "/blocks/0: must NOT have additional properties 'colour'"],
  ['an unknown document property', { ...doc([]), theme: 'dark' }, 'body.document', "/: must NOT have additional properties 'theme'"],
  ['an unknown props property', doc([{ ...markdown('a', 'x'), props: { content: 'x', fontSize: 3 } }]), 'body.document.blocks.0.props', "/blocks/0/props: must NOT have additional properties 'fontSize'"],
  ['a protocol-relative link', doc([linkList('//evil.example')]), 'body.document.blocks.0.props.links.0.href', '/blocks/0/props/links/0/href: must match pattern'],
  ['a javascript: link', doc([linkList('javascript:alert(1)')]), 'body.document.blocks.0.props.links.0.href', '/blocks/0/props/links/0/href: must match pattern'],
  ['an http link', doc([linkList('http://example.org')]), 'body.document.blocks.0.props.links.0.href', '/blocks/0/props/links/0/href: must match pattern'],
  ['a duplicate block id', doc([markdown('same', 'x'), markdown('same', 'y', { y: 2 })]), 'body.document.blocks.1.id', "/blocks/1/id: duplicate block id 'same'"],
  ['x + w beyond the grid', doc([markdown('a', 'x', { x: 8, w: 6 })]), 'body.document.blocks.0', '/blocks/0: x + w (14) exceeds grid.cols (12)'],
  ['x + w beyond a narrower grid', { ...doc([markdown('a', 'x', { x: 0, w: 6 })]), grid: { cols: 4, rowHeight: 40 } }, 'body.document.blocks.0', '/blocks/0: x + w (6) exceeds grid.cols (4)'],
  ['another page', layoutDoc('patient-home', 'x'), 'body.document.page', "/page: 'patient-home' ≠ 'professional-dashboard'"],
  ['markdown without content', doc([{ ...markdown('a', 'x'), props: {} }]), 'body.document.blocks.0.props', "/blocks/0/props: must have required property 'content'"],
  ['a block without position', doc([{ id: 'a', type: 'alerts', props: {} }]), 'body.document.blocks.0', "/blocks/0: must have required property 'x'"],
  ['a data table bound outside /api', doc([{ id: 't', type: 'data-table', x: 0, y: 0, w: 6, h: 4, props: { endpoint: 'https://evil.example/list', columns: [{ field: 'id', label: 'Id' }] } }]), 'body.document.blocks.0.props.endpoint', '/blocks/0/props/endpoint: must match pattern'],
  ['an unknown visibleFor role', doc([{ ...markdown('a', 'x'), visibleFor: { roles: ['ROLE_ROOT'] } }]), 'body.document.blocks.0.visibleFor.roles.0', '/blocks/0/visibleFor/roles/0: must be equal to one of the allowed values'],
  ['a future schemaVersion', { ...doc([]), schemaVersion: 3 }, 'body.document.schemaVersion', '/schemaVersion: must be equal to constant'],
  ['a missing grid', (({ grid: _grid, ...rest }) => rest)(doc([])), 'body.document', "/: must have required property 'grid'"],
];

describe('PUT /ui/layouts/:page with an invalid document', () => {
  it.each(INVALID)('refuses %s with 400 layout_invalid naming the path and the reason', async (_case, document, field, stated) => {
    const res = await saveLayout(admin, PAGE, tilleuls, 'establishment', document).expect(400);
    expect(res.body.code).toBe('layout_invalid');
    expect(res.body.field).toBe(field);
    expect(res.body.message).toMatch(/^The layout is invalid at \//);
    expect(res.body.message).toContain(stated);
  });

  it('states each reason once', async () => {
    const res = await saveLayout(admin, PAGE, tilleuls, 'establishment', doc([{ ...markdown('a', 'x'), props: {} }])).expect(400);
    expect(res.body.message).toBe("The layout is invalid at /blocks/0/props: must have required property 'content'.");
  });

  it('answers in the language of the call', async () => {
    const res = await admin.agent.put(`/ui/layouts/${PAGE}?structure=${tilleuls}&l=fr`).set('x-csrf-token', admin.csrf)
      .send({ document: doc([markdown('a', 'x', { w: 30 })]) }).expect(400);
    expect(res.body.message).toMatch(/^La mise en page est invalide à l'emplacement \/blocks\/0\/w/);
  });

  it('refuses a body without a document object', async () => {
    const put = (body: object) => admin.agent.put(layoutPath(PAGE, tilleuls, { scope: 'establishment' })).set('x-csrf-token', admin.csrf).send(body);
    expect((await put({ message: 'nothing' }).expect(400)).body).toMatchObject({ code: 'validation_error', field: 'body.document' });
    expect((await put({ document: [] }).expect(400)).body).toMatchObject({ code: 'validation_error', field: 'body.document' });
    expect((await put({ document: doc([]), extra: 1 }).expect(400)).body).toMatchObject({ code: 'validation_error', field: 'body.extra' });
  });

  it('saved none of them', async () => {
    expect((await listVersions(admin, PAGE, tilleuls, 'establishment').expect(200)).body.data).toEqual([]);
    expect((await getLayout(admin, PAGE, tilleuls)).headers['x-layout-source']).toBe('provisioned:default');
  });
});

describe('PUT /ui/layouts/:page with a valid document', () => {
  it('accepts every generic block type and an unknown one (the client shows an "unknown block" card)', async () => {
    // A settled arrangement (no free row above any block), which is served as it was saved.
    const blocks = [
      markdown('md', 'Generic blocks', { h: 3 }),
      { id: 'links', type: 'link-list', x: 6, y: 0, w: 6, h: 3, props: { links: [{ label: 'Tasks', href: 'my-tasks' }, { label: 'Home', href: '/' }, { label: 'Site', href: 'https://example.org' }] } },
      { id: 'chart', type: 'indicator-chart', x: 0, y: 3, w: 6, h: 4, props: { indicator: 'weight', chartType: 'bar' } },
      { id: 'table', type: 'data-table', x: 6, y: 3, w: 6, h: 4, props: { endpoint: '/api/me/patient_files', columns: [{ field: 'status', label: { fr: 'Statut', en: 'Status' } }] } },
      { id: 'form', type: 'questionnaire-launcher', x: 0, y: 7, w: 4, h: 2, props: { formReference: 'QOL-1' } },
      { id: 'later', type: 'integrator-widget', x: 4, y: 7, w: 8, h: 2, props: { anything: true }, visibleFor: { privileges: ['OPERATOR'] } },
    ];
    const saved = await saveLayout(admin, PAGE, tilleuls, 'establishment', doc(blocks), 'all generic blocks').expect(200);
    expect(saved.body).toEqual({ version: 1 });
    const res = await getLayout(admin, PAGE, tilleuls).expect(200);
    expect(res.body.blocks).toEqual(blocks);
  });

  it('upgrades a schemaVersion 1 document (position in `layout`, settings in `options`) to version 2', async () => {
    const v1 = {
      id: 'legacy-dashboard', page: PAGE, schemaVersion: 1, grid: { cols: 12, rowHeight: 40 },
      blocks: [
        { id: 'alerts', type: 'alerts', layout: { x: 0, y: 0, w: 8, h: 6 }, options: { pageSize: 10 } },
        { id: 'note', type: 'markdown', layout: { x: 8, y: 0, w: 4, h: 2 }, options: { content: { fr: 'Ancien', en: 'Legacy' } }, visibleFor: { roles: ['ROLE_PROFESSIONAL'] } },
      ],
    };
    await saveLayout(admin, PAGE, tilleuls, 'establishment', v1, 'from version 1').expect(200);
    const res = await getLayout(admin, PAGE, tilleuls).expect(200);
    expect(res.body).toEqual({
      id: 'legacy-dashboard', page: PAGE, schemaVersion: 2, grid: { cols: 12, rowHeight: 40 },
      blocks: [
        { id: 'alerts', type: 'alerts', x: 0, y: 0, w: 8, h: 6, props: { pageSize: 10 } },
        { id: 'note', type: 'markdown', x: 8, y: 0, w: 4, h: 2, props: { content: { fr: 'Ancien', en: 'Legacy' } }, visibleFor: { roles: ['ROLE_PROFESSIONAL'] } },
      ],
    });
    expect(noteOf(res.body)).toBe('Legacy');
  });

  it('reports the errors of an upgraded version 1 document at their version 2 path', async () => {
    const v1 = { id: 'legacy', page: PAGE, schemaVersion: 1, grid: { cols: 12, rowHeight: 40 }, blocks: [{ id: 'a', type: 'alerts', layout: { x: 0, y: 0, w: 30, h: 6 }, options: {} }] };
    const res = await saveLayout(admin, PAGE, tilleuls, 'establishment', v1).expect(400);
    expect(res.body).toMatchObject({ code: 'layout_invalid', field: 'body.document.blocks.0.w' });
  });
});
