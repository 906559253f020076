/**
 * Issue 5 §3: questionnaire files under layouts/ are loaded, watched and validated like layouts;
 * each change makes a new version; a response keeps the version it was answered in and is
 * always shown with it; a name used twice in an establishment is reported (NOT_UNIQUE_ERROR).
 * Runs on a temporary copy of layouts/ (LAYOUTS_DIR) whose form files the tests rewrite.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';
import { sampleAnswer } from '../helpers/form-corpus.ts';
import { calls, currentVersionOf, formIdOf, newPatientFile, versionsOf } from '../helpers/questionnaires.ts';
import { questionnaireSyncOf } from '../../server/ui/form-sync.ts';

let dir: string;
let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const browsers = new Map<string, Promise<Browser>>();
const as = async (local: string) => {
  if (!browsers.has(local)) browsers.set(local, login(gw.app, demoEmail(local)));
  return calls(await browsers.get(local)!);
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-forms-'));
  cpSync(new URL('../../layouts', import.meta.url), dir, { recursive: true });
  gw = await startGateway({ LAYOUTS_DIR: dir });
  db = gw.db.database.db;
});
afterAll(async () => {
  await gw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const formFile = (id: string) => path.join(dir, 'default', 'forms', `${id}.json`);
const readForm = (id: string) => JSON.parse(readFileSync(formFile(id), 'utf8'));
const writeForm = (id: string, json: unknown) => writeFileSync(formFile(id), typeof json === 'string' ? json : JSON.stringify(json, null, 2));

interface FileStatus { file: string; state: 'ok' | 'invalid'; error?: string; checkedAt: string }
// The files' states are shown to those who administer them (a back-office admin here).
const status = async () => {
  if (!browsers.has('admin')) browsers.set('admin', login(gw.app, demoEmail('admin')));
  return (await (await browsers.get('admin')!).agent.get('/ui/status?l=en')).body.layouts as FileStatus[];
};
const statusOf = async (file: string) => (await status()).find((s) => s.file === file);

/** Every questionnaire sync asked for so far (at start, or by a file change) has run. */
const synced = () => questionnaireSyncOf(gw.app.provisioned)!.sync();

/**
 * Resolves once `check` holds, checking again after each file change and the sync it starts: no
 * sleep, no wall-clock limit (only the test's timeout bounds the wait).
 */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (;;) {
    // Listening before checking, so that a change landing in between is not missed.
    let off = () => {};
    const changed = new Promise<void>((resolve) => { const remove = gw.app.provisioned.onChange(resolve); off = () => void remove(); });
    await synced();
    if (await check()) return off();
    await changed;
    off();
  }
}

describe('provisioned questionnaires', () => {
  it('are listed at /ui/status, every one ok', async () => {
    const forms = (await status()).filter((s) => s.file.includes('/forms/'));
    expect(forms.map((s) => [s.file, s.state])).toEqual(expect.arrayContaining([
      ['default/forms/gad-7.json', 'ok'], ['default/forms/heart-failure-daily.json', 'ok'], ['default/forms/phq-9.json', 'ok'],
      ['default/forms/post-operative-follow-up.json', 'ok'], ['default/forms/schema-showcase.json', 'ok'],
    ]));
    expect(forms.filter((s) => s.state !== 'ok')).toEqual([]);
  });

  it('keep the version a response was answered in, and show each response with its own version', async () => {
    const formId = await formIdOf(db, 'chu-azur', 'PHQ-9');
    const fileId = await newPatientFile(db);
    expect((await (await as('prescriber')).assign(fileId, formId)).status).toBe(200);
    const patient = await as('patient.open');
    expect((await patient.definition(fileId, formId)).body.version).toBe(1);
    const v1Answer = sampleAnswer('phq-9');
    const first = await patient.answer(fileId, { formId, answers: v1Answer });
    expect(first.status, first.text).toBe(201);

    // The integrator changes the file: a reworded item and a new mandatory question.
    const v2 = readForm('phq-9');
    v2.schema.properties.q1.title = '1. Peu d’intérêt ou de plaisir à faire les choses (version révisée)';
    v2.schema.properties.sleepHours = { type: 'integer', title: 'Heures de sommeil par nuit', minimum: 0, maximum: 24 };
    v2.schema.required = [...v2.schema.required, 'sleepHours'];
    v2.uiSchema['ui:order'] = [...v2.uiSchema['ui:order'], 'sleepHours'];
    v2.translations.en['/properties/sleepHours/title'] = 'Hours of sleep a night';
    v2.translations.ar['/properties/sleepHours/title'] = 'عدد ساعات النوم في الليلة';
    writeForm('phq-9', v2);
    await until(async () => (await currentVersionOf(db, formId)) === 2);
    const listed = (await (await as('prescriber')).forms(await establishmentIdOf(db, 'chu-azur'))).body.data;
    expect(listed.find((f: { id: string }) => f.id === formId).version).toBe(2);
    expect((await versionsOf(db, formId)).map((v) => v.version)).toEqual([1, 2]);
    expect(await statusOf('default/forms/phq-9.json')).toMatchObject({ state: 'ok' });

    // Answering now uses version 2: its schema decides, not the cached one of version 1.
    const current = (await patient.definition(fileId, formId)).body;
    expect(current.version).toBe(2);
    expect(current.definition.schema.properties.sleepHours).toBeDefined();
    const stale = await patient.answer(fileId, { formId, answers: v1Answer }, 'en');
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({
      code: 'answer_invalid', field: 'body.answers.sleepHours', message: 'Answers to correct (1), starting with “Hours of sleep a night”: Answer this question.',
      errors: [{ field: 'body.answers.sleepHours', pointer: '/sleepHours', title: 'Hours of sleep a night', message: 'Answer this question.' }],
    });
    const second = await patient.answer(fileId, { formId, answers: { ...v1Answer, sleepHours: 6 } });
    expect(second.status, second.text).toBe(201);

    const prescriber = await as('prescriber');
    const one = (await prescriber.response(first.body.id)).body;
    expect(one.version).toBe(1);
    expect(one.definition.schema.properties.sleepHours).toBeUndefined();
    expect(one.definition.schema.properties.q1.title).toBe("1. Peu d'intérêt ou de plaisir à faire les choses");
    expect(one.answers).toEqual(v1Answer);
    const two = (await prescriber.response(second.body.id)).body;
    expect(two.version).toBe(2);
    expect(two.definition.schema.properties.q1.title).toContain('version révisée');
    expect((await prescriber.responses(fileId)).body.data.map((r: { id: string; version: number }) => [r.id, r.version]))
      .toEqual([[second.body.id, 2], [first.body.id, 1]]);

    // Writing the same content again makes no new version, once the watcher has read it again and synced.
    const before = new Date().toISOString();
    writeForm('phq-9', JSON.stringify(v2));
    await until(async () => ((await statusOf('default/forms/phq-9.json'))?.checkedAt ?? '') > before);
    await synced();
    expect(await currentVersionOf(db, formId)).toBe(2);
  });

  it('keep serving the last valid version of an invalid file, reporting it at /ui/status', async () => {
    const formId = await formIdOf(db, 'chu-azur', 'GAD-7');
    const broken = readForm('gad-7');
    broken.translations.en['/properties/q1/title'] = 42;
    writeForm('gad-7', broken);
    await until(async () => (await statusOf('default/forms/gad-7.json'))?.state === 'invalid');
    expect((await statusOf('default/forms/gad-7.json'))!.error).toContain('/translations/en');
    expect(await currentVersionOf(db, formId)).toBe(1);
    const fileId = await newPatientFile(db);
    expect((await (await as('prescriber')).assign(fileId, formId)).status).toBe(200);
    expect((await (await as('patient.open')).answer(fileId, { formId, answers: sampleAnswer('gad-7') })).status).toBe(201);

    writeForm('gad-7', readFileSync(new URL('../../layouts/default/forms/gad-7.json', import.meta.url), 'utf8'));
    await until(async () => (await statusOf('default/forms/gad-7.json'))?.state === 'ok');
    expect(await currentVersionOf(db, formId)).toBe(1);
  });

  it('report a name already used by another questionnaire of the establishment (NOT_UNIQUE_ERROR)', async () => {
    const copy = { ...readForm('gad-7'), id: 'gad-7-copy', reference: 'GAD-7-COPY' };
    writeForm('gad-7-copy', copy);
    try {
      await until(async () => (await statusOf('default/forms/gad-7-copy.json'))?.state === 'invalid');
      expect((await statusOf('default/forms/gad-7-copy.json'))!.error).toMatch(/^NOT_UNIQUE_ERROR: \/name 'Questionnaire d'anxiété généralisée \(GAD-7\)'/);
      await expect(formIdOf(db, 'chu-azur', 'GAD-7-COPY')).rejects.toThrow();
      // Renamed, it loads.
      writeForm('gad-7-copy', { ...copy, name: { fr: 'GAD-7 (copie de travail)', en: 'GAD-7 (working copy)', ar: 'GAD-7 (نسخة عمل)' } });
      await until(async () => Boolean(await formIdOf(db, 'chu-azur', 'GAD-7-COPY').catch(() => undefined)));
      await until(async () => (await statusOf('default/forms/gad-7-copy.json'))?.state === 'ok');
    } finally {
      unlinkSync(formFile('gad-7-copy'));
    }
  });

  it.each([
    ["rjsf's file widget (format data-url), whose file the answer would lose", { type: 'string', format: 'data-url', title: 'Photo de la plaie' },
      "/schema/properties/woundPicture/format: format 'data-url' (rjsf's file widget) is not supported", /file question.*`files`.*docs\/integrators\.md/],
    ['an unknown keyword', { type: 'string', title: 'Photo de la plaie', maxLenght: 10 }, "/schema/properties/woundPicture/maxLenght: unknown keyword 'maxLenght'", /nothing would check it/],
    ['an unknown format', { type: 'string', title: 'Photo de la plaie', format: 'phone' }, "/schema/properties/woundPicture/format: unknown format 'phone'", /known: date/],
  ])('refuse, with its path and reason at /ui/status, a questionnaire using %s', async (_case, question, where, why) => {
    const form = readForm('gad-7');
    writeForm('refused', { ...form, id: 'refused', reference: 'REFUSED', name: 'Refusé', schema: { ...form.schema, properties: { ...form.schema.properties, woundPicture: question } } });
    try {
      await until(async () => (await statusOf('default/forms/refused.json'))?.state === 'invalid');
      const { error } = (await statusOf('default/forms/refused.json'))!;
      expect(error).toContain(where);
      expect(error).toMatch(why);
      // In the language of whoever reads /ui/status.
      const admin = await browsers.get('admin')!;
      const french = ((await admin.agent.get('/ui/status?l=fr')).body.layouts as FileStatus[]).find((s) => s.file === 'default/forms/refused.json')!.error!;
      expect(french.startsWith(`${where.split(': ')[0]} : `), french).toBe(true);
      expect(french).toMatch(/question fichier|mot-clé inconnu|format inconnu/);
      await expect(formIdOf(db, 'chu-azur', 'REFUSED')).rejects.toThrow();
    } finally {
      unlinkSync(formFile('refused'));
      await until(async () => (await statusOf('default/forms/refused.json')) === undefined);
    }
  });

  it("refuse a file whose id is not its name", async () => {
    writeForm('misnamed', { ...readForm('gad-7'), id: 'other-name', reference: 'MISNAMED', name: 'Mal nommé' });
    try {
      await until(async () => (await statusOf('default/forms/misnamed.json'))?.state === 'invalid');
      expect((await statusOf('default/forms/misnamed.json'))!.error).toContain("/id: 'other-name' does not match the file name 'misnamed.json'");
    } finally {
      unlinkSync(formFile('misnamed'));
    }
  });
});
