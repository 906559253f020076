/**
 * Issue 8: PostgreSQL's jsonb sorts object keys (shorter first), so questions without
 * `ui:order` came back in another order than the file's. A questionnaire whose keys are in
 * neither alphabetical nor length order comes back in its author's order from every call that
 * returns it (the form to answer, its versions, a response), and so do the answers, on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { formVersions } from '../../server/db/schema.ts';
import { questionnaireSyncOf } from '../../server/ui/form-sync.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { getLayout, saveLayout } from '../helpers/layouts.ts';
import { calls, formIdOf, newPatientFile } from '../helpers/questionnaires.ts';

/** Keys in an order jsonb would change: longest first, and not alphabetical. */
const authorForm = {
  $schema: '/ui/schemas/form',
  id: 'author-order',
  reference: 'AUTHOR-ORDER',
  submissionType: 'FREE',
  name: { fr: 'Ordre de l’auteur', en: 'Author order', ar: 'ترتيب المؤلف' },
  languages: ['fr', 'en'],
  schema: {
    type: 'object',
    properties: {
      zebraCrossingQuestion: { type: 'string', title: 'Première question' },
      mood: { type: 'integer', title: 'Deuxième question', minimum: 0, maximum: 10 },
      b: { type: 'boolean', title: 'Troisième question' },
      address: {
        type: 'object', title: 'Quatrième question',
        properties: { town: { type: 'string', title: 'Ville' }, street: { type: 'string', title: 'Rue' }, zip: { type: 'string', title: 'Code' } },
      },
      aa: { type: 'string', title: 'Cinquième question' },
    },
  },
  uiSchema: { mood: { 'ui:widget': 'range' }, b: { 'ui:help': 'Oui ou non' } },
  translations: { en: { '/properties/zebraCrossingQuestion/title': 'First question', '/properties/aa/title': 'Fifth question' } },
  computed: [
    { name: 'zTotal', title: 'Total', expression: { op: '+', args: [{ field: 'mood' }, { field: 'b' }] } },
    { name: 'a', title: 'Humeur', expression: { field: 'mood' } },
  ],
};
const answers = { zebraCrossingQuestion: 'oui', mood: 4, b: true, address: { town: 'Nice', street: 'Rue de France', zip: '06000' }, aa: 'fin' };

let dir: string;
let gw: TestGateway;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-order-'));
  cpSync(new URL('../../layouts', import.meta.url), dir, { recursive: true });
  writeFileSync(path.join(dir, 'default', 'forms', 'author-order.json'), JSON.stringify(authorForm, null, 2));
  gw = await startGateway({ LAYOUTS_DIR: dir });
});
afterAll(async () => {
  await gw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The keys of every object of `value`, depth first, as the text of an answer lists them. */
const keyOrder = (value: unknown): string[] => Array.isArray(value) ? value.flatMap(keyOrder)
  : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => [k, ...keyOrder(v)]) : [];

describe("questionnaires keep their author's order", () => {
  it('in the form to answer, its versions and a response, with the answers as sent', async () => {
    const db = gw.db.database.db;
    const formId = await formIdOf(db, 'chu-azur', 'AUTHOR-ORDER');
    const fileId = await newPatientFile(db);
    const prescriber = calls(await login(gw.app, demoEmail('prescriber')));
    expect((await prescriber.assign(fileId, formId)).status).toBe(200);
    const patient = calls(await login(gw.app, demoEmail('patient.open')));

    const toAnswer = await patient.definition(fileId, formId);
    expect(toAnswer.status).toBe(200);
    expect(Object.keys(toAnswer.body.definition.schema.properties)).toEqual(['zebraCrossingQuestion', 'mood', 'b', 'address', 'aa']);
    expect(keyOrder(toAnswer.body.definition)).toEqual(keyOrder(authorForm));

    const sent = await patient.answer(fileId, { formId, answers });
    expect(sent.status, sent.text).toBe(201);
    const response = (await prescriber.response(sent.body.id)).body;
    expect(keyOrder(response.answers)).toEqual(keyOrder(answers));
    expect(Object.keys(response.computed)).toEqual(['zTotal', 'a']);
    expect(keyOrder(response.definition)).toEqual(keyOrder(authorForm));

    const manager = await login(gw.app, demoEmail('manager'));
    const versions = await manager.agent.get(`/api/forms/${formId}/versions`);
    expect(versions.status).toBe(200);
    expect(keyOrder(versions.body.data[0].definition)).toEqual(keyOrder(authorForm));
  });

  it('gets back for a version stored while definitions were jsonb (before migration 0005), without a new version', async () => {
    const db = gw.db.database.db;
    const formId = await formIdOf(db, 'chu-azur', 'AUTHOR-ORDER');
    // What migration 0005 leaves of a row written as jsonb: its keys sorted, shorter first.
    await db.update(formVersions).set({ definition: sql`${formVersions.definition}::jsonb::json` }).where(eq(formVersions.formId, formId));
    const sorted = await db.select({ definition: formVersions.definition }).from(formVersions).where(eq(formVersions.formId, formId));
    expect(Object.keys((sorted[0]!.definition as typeof authorForm).schema.properties)).toEqual(['b', 'aa', 'mood', 'address', 'zebraCrossingQuestion']);

    await questionnaireSyncOf(gw.app.provisioned)!.sync();
    const rows = await db.select({ version: formVersions.version, definition: formVersions.definition }).from(formVersions).where(eq(formVersions.formId, formId));
    expect(rows.map((r) => r.version)).toEqual([1]);
    expect(keyOrder(rows[0]!.definition)).toEqual(keyOrder(authorForm));
  });

  it('in an edited layout read back from the database (layout versions are json too)', async () => {
    const tilleuls = await establishmentIdOf(gw.db.database.db, 'clinique-des-tilleuls');
    const admin = await login(gw.app, demoEmail('admin.establishment'));
    // Keys in an order jsonb would change: the longest first, `en` before `fr`.
    const document = {
      $schema: '/ui/schemas/layout', schemaVersion: 2, page: 'professional-dashboard', id: 'order-check', grid: { rowHeight: 40, cols: 12 },
      blocks: [{ visibleFor: { roles: ['ROLE_PROFESSIONAL'] }, props: { title: { en: 'Links', fr: 'Liens' }, links: [{ label: { en: 'Mine', fr: 'Les miens' }, href: 'documents' }] }, type: 'link-list', id: 'links', h: 4, w: 6, y: 0, x: 0 }],
    };
    const saved = await saveLayout(admin, 'professional-dashboard', tilleuls, 'establishment', document, 'order');
    expect(saved.status, saved.text).toBe(200);
    // Served from what the catalogue read back from layout_versions after the save.
    const served = await getLayout(admin, 'professional-dashboard', tilleuls);
    expect(served.status).toBe(200);
    const block = (served.body.blocks ?? served.body.document.blocks)[0] as Record<string, unknown>;
    expect(Object.keys(block.props as object)).toEqual(['title', 'links']);
    expect(keyOrder(block.props)).toEqual(keyOrder(document.blocks[0]!.props));
  });
});
