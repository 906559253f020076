/**
 * Issue 10 §4 "Questionnaires" (spec 001 §4, §7): the Questionnaires tab of the patient file.
 * Exclude and restore (out of the plan: no task, not answerable, never late; restored: what
 * opened meanwhile is given up, the next occurrences are offered), the tab's list (status,
 * planning in force, next occurrence, last answer, late count), overload validation with field
 * errors in fr/en/ar, a history entry per change written in the same transaction, scope (404),
 * professionals only (403), and a closed file read-only (409 patient_file_closed).
 *
 * Each scenario works on a fresh file of patient.open assigned at the gateway clock's time,
 * which the tests move forward.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOccurrences, patientFileForms, patientFiles } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf } from '../helpers/demo-data.ts';
import { sampleAnswer } from '../helpers/form-corpus.ts';
import { calls, formIdOf, historyOf, newPatientFile } from '../helpers/questionnaires.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const ids: Record<string, string> = {};
const browsers = new Map<string, Promise<Browser>>();
const browser = (local: string) => {
  if (!browsers.has(local)) browsers.set(local, login(gw.app, demoEmail(local)));
  return browsers.get(local)!;
};
/** The questionnaire calls, and this slice's, as `local`'s browser makes them. */
async function as(local: string) {
  const b = await browser(local);
  const post = (url: string, body?: object, l?: string) => b.agent.post(l ? `${url}?l=${l}` : url).set('x-csrf-token', b.csrf).send(body ?? {});
  return {
    ...calls(b),
    exclude: (assignmentId: string, l?: string) => post(`/api/patient_file_forms/${assignmentId}/exclude`, undefined, l),
    restore: (assignmentId: string, l?: string) => post(`/api/patient_file_forms/${assignmentId}/restore`, undefined, l),
    overloadIn: (assignmentId: string, planning: object, l: string) => post(`/api/patient_file_forms/${assignmentId}/overload`, { planning }, l),
    fileForms: (fileId: string, l?: string) => b.agent.get(`/api/patient_files/${fileId}/forms${l ? `?l=${l}` : ''}`),
  };
}

beforeAll(async () => {
  gw = await startGateway({ SESSION_IDLE_MINUTES: 60 * 24 * 365, SESSION_ABSOLUTE_HOURS: 24 * 365 });
  db = gw.db.database.db;
  Object.assign(ids, {
    azur: await establishmentIdOf(db, 'chu-azur'),
    hf: await formIdOf(db, 'chu-azur', 'HF-DAILY'),
    phq9: await formIdOf(db, 'chu-azur', 'PHQ-9'),
    gad7: await formIdOf(db, 'chu-azur', 'GAD-7'),
  });
});
afterAll(async () => { await gw?.close(); });

const now = () => gw.clock.now().getTime();

async function fileWith(...formIds: string[]): Promise<{ fileId: string; assignments: Record<string, string> }> {
  const fileId = await newPatientFile(db, { caregivers: ['caregiver'] });
  const prescriber = await as('prescriber');
  const assignments: Record<string, string> = {};
  for (const formId of formIds) {
    const res = await prescriber.assign(fileId, formId);
    expect(res.status, res.text).toBe(200);
    assignments[formId] = res.body.id;
  }
  return { fileId, assignments };
}

interface TaskOut { occurrenceId?: string; formId: string; status: string; late: boolean; startAt?: string }
async function tasksOf(fileId: string): Promise<TaskOut[]> {
  const res = await (await as('patient.open')).tasks(fileId);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
async function listOf(fileId: string, l?: string) {
  const res = await (await as('prescriber')).fileForms(fileId, l);
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: string; formId: string; name: string; status: string; lateCount: number; nextOccurrenceAt: string | null; lastAnsweredAt: string | null; planning: unknown; overloaded: boolean; excludedAt: string | null }[];
}
const answerHf = async (fileId: string, occurrenceId: string, extra: { skipEarlierLate?: boolean } = {}) =>
  (await as('patient.open')).answer(fileId, { formId: ids.hf!, occurrenceId, answers: sampleAnswer('heart-failure-daily'), ...extra });

describe('exclude and restore a questionnaire of a file', () => {
  it('takes an excluded questionnaire out of the plan: no task, not answerable (409 form_excluded), never late', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!, ids.phq9!);
    const hfTasks = (await tasksOf(fileId)).filter((t) => t.formId === ids.hf);
    expect(hfTasks.length).toBe(30);
    const [o0] = hfTasks;
    const prescriber = await as('prescriber');

    const excluded = await prescriber.exclude(assignments[ids.hf!]!);
    expect(excluded.status, excluded.text).toBe(200);
    expect(excluded.body).toMatchObject({ id: assignments[ids.hf!], active: true, excludedAt: gw.clock.now().toISOString() });
    const [row] = await db.select().from(patientFileForms).where(eq(patientFileForms.id, assignments[ids.hf!]!));
    expect(row!.excludedBy).not.toBeNull();

    expect((await tasksOf(fileId)).map((t) => t.formId)).toEqual([ids.phq9]);
    const answered = await answerHf(fileId, o0!.occurrenceId!);
    expect([answered.status, answered.body.code]).toEqual([409, 'form_excluded']);
    const started = await (await as('patient.open')).start(fileId, { formId: ids.hf!, occurrenceId: o0!.occurrenceId! });
    expect([started.status, started.body.code]).toEqual([409, 'form_excluded']);

    // Days pass: in the list, the excluded questionnaire counts no late occurrence and offers none.
    gw.clock.advance(2 * DAY + HOUR);
    const hf = (await listOf(fileId)).find((f) => f.formId === ids.hf)!;
    expect(hf).toMatchObject({ status: 'excluded', lateCount: 0, nextOccurrenceAt: null, excludedAt: excluded.body.excludedAt });
    // The free questionnaire is answered: the excluded one's late occurrences do not hold it back.
    const free = await (await as('patient.open')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
    expect(free.status, free.text).toBe(201);

    const again = await prescriber.exclude(assignments[ids.hf!]!, 'en');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'form_already_excluded', message: 'This questionnaire is already excluded from this file.' });
  });

  it('restores it: occurrences opened while excluded are given up (expired, never late), the next ones are offered', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!);
    const prescriber = await as('prescriber');
    const restoreEarly = await prescriber.restore(assignments[ids.hf!]!, 'fr');
    expect(restoreEarly.status).toBe(409);
    expect(restoreEarly.body).toEqual({ code: 'form_not_excluded', message: "Ce questionnaire n'est pas exclu de ce dossier." });

    expect((await prescriber.exclude(assignments[ids.hf!]!)).status).toBe(200);
    gw.clock.advance(3 * DAY + 2 * HOUR);
    const restored = await prescriber.restore(assignments[ids.hf!]!);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.excludedAt).toBeNull();

    const tasks = (await tasksOf(fileId)).filter((t) => t.formId === ids.hf);
    const opened = tasks.filter((t) => Date.parse(t.startAt!) <= now());
    expect(opened.length).toBe(4);
    expect(opened.every((t) => t.status === 'expired' && !t.late)).toBe(true);
    expect(tasks.filter((t) => t.late)).toEqual([]);
    const next = tasks.find((t) => t.status === 'upcoming')!;
    expect(Date.parse(next.startAt!)).toBeGreaterThan(now());
    const [hf] = await listOf(fileId);
    expect(hf).toMatchObject({ status: 'active', lateCount: 0, nextOccurrenceAt: next.startAt, excludedAt: null });
    const lost = await db.select().from(formOccurrences).where(and(eq(formOccurrences.patientFileFormId, assignments[ids.hf!]!), isNotNull(formOccurrences.lostAt)));
    expect(lost.length).toBe(4);

    // The given-up occurrence cannot be answered; the next one can, once it opens, without any "older late" question.
    expect((await answerHf(fileId, opened[3]!.occurrenceId!)).body.code).toBe('form_limit_date_passed');
    gw.clock.advance(Date.parse(next.startAt!) - now() + HOUR);
    const sent = await answerHf(fileId, next.occurrenceId!);
    expect(sent.status, sent.text).toBe(201);
    const after = (await listOf(fileId))[0]!;
    expect(after.lastAnsweredAt).toBe(gw.clock.now().toISOString());
  });

  it('writes FORM_EXCLUDED and FORM_RESTORED with who did it', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!);
    const prescriber = await as('prescriber');
    await prescriber.exclude(assignments[ids.hf!]!);
    await prescriber.restore(assignments[ids.hf!]!);
    const [actor] = await db.select({ id: sql<string>`id` }).from(sql`users`).where(sql`email = ${demoEmail('prescriber')}`);
    expect(await historyOf(db, fileId, 'FORM_EXCLUDED')).toEqual([expect.objectContaining({ actorId: actor!.id, payload: { formId: ids.hf } })]);
    expect(await historyOf(db, fileId, 'FORM_RESTORED')).toEqual([expect.objectContaining({
      actorId: actor!.id, payload: expect.objectContaining({ formId: ids.hf, givenUpOccurrences: expect.any(Number) }),
    })]);
  });

  it('keeps no change whose history entry could not be written (same transaction)', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!);
    const assignment = assignments[ids.hf!]!;
    const prescriber = await as('prescriber');
    const name = `refuse_history_${fileId.replaceAll('-', '')}`;
    await db.execute(sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin if new.patient_file_id = '${fileId}' then raise exception 'history refused'; end if; return new; end $$`));
    await db.execute(sql.raw(`create trigger ${name} before insert on patient_file_history for each row execute function ${name}()`));
    try {
      for (const change of [() => prescriber.exclude(assignment), () => prescriber.deactivate(assignment),
        () => prescriber.overload(assignment, { everyDays: 2, occurrences: 3, windowHours: 24, graceHours: 0 })]) {
        expect((await change()).status).toBe(500);
      }
      const [row] = await db.select().from(patientFileForms).where(eq(patientFileForms.id, assignment));
      expect(row).toMatchObject({ excludedAt: null, active: true, overload: null });
      expect((await db.select().from(formOccurrences).where(eq(formOccurrences.patientFileFormId, assignment))).length).toBe(30);
    } finally {
      await db.execute(sql.raw(`drop trigger if exists ${name} on patient_file_history`));
      await db.execute(sql.raw(`drop function if exists ${name}()`));
    }
    await prescriber.exclude(assignment);
    await prescriber.restore(assignment);
    await prescriber.deactivate(assignment);
    await prescriber.activate(assignment);
    await prescriber.overload(assignment, { everyDays: 2, occurrences: 3, windowHours: 24, graceHours: 0 });
    expect((await historyOf(db, fileId)).map((h) => h.type)).toEqual([
      'FORM_ASSIGNED', 'FORM_EXCLUDED', 'FORM_RESTORED', 'FORM_DEACTIVATED', 'FORM_ACTIVATED', 'FORM_OVERLOADED',
    ]);
  });
});

describe('GET /patient_files/{id}/forms: the tab list', () => {
  it('lists each questionnaire with its status, planning in force, next occurrence, last answer and late count, named in the call language', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!, ids.phq9!, ids.gad7!);
    const prescriber = await as('prescriber');
    await prescriber.deactivate(assignments[ids.gad7!]!);
    const start = now();
    gw.clock.advance(DAY + 2 * HOUR);
    const list = await listOf(fileId, 'en');
    // In the order they were assigned; assigned at the same time, by reference.
    expect(list.map((f) => [f.formId, f.status])).toEqual([[ids.gad7, 'deactivated'], [ids.hf, 'active'], [ids.phq9, 'active']]);
    const hf = list[1]!;
    expect(hf).toMatchObject({
      planning: { everyDays: 1, occurrences: 30, windowHours: 24, graceHours: 48 }, overloaded: false, lateCount: 1, lastAnsweredAt: null,
      submissionType: 'PLANNED', reference: 'HF-DAILY',
    });
    // The current occurrence (opened a day after the assignment, rounded down to the hour) is the next to answer.
    expect(Date.parse(hf.nextOccurrenceAt!)).toBe(Math.floor(start / HOUR) * HOUR + DAY);
    expect(list[2]).toMatchObject({ submissionType: 'FREE', planning: null, nextOccurrenceAt: null, lateCount: 0 });
    expect(list[2]!.name).toBe('Patient Health Questionnaire (PHQ-9)');
    expect((await listOf(fileId, 'ar'))[0]!.name).toBe('مقياس اضطراب القلق العام (GAD-7)');

    const own = await prescriber.overload(assignments[ids.hf!]!, { everyDays: 7, occurrences: 4, windowHours: 48, graceHours: 24, time: '09:30' });
    expect(own.status, own.text).toBe(200);
    const overloaded = (await listOf(fileId))[1]!;
    expect(overloaded).toMatchObject({ overloaded: true, planning: { everyDays: 7, occurrences: 4, windowHours: 48, graceHours: 24, time: '09:30' } });
  });

  it('is for the professionals of the file: 403 for its patient and caregiver, 404 outside the scope', async () => {
    const { fileId } = await fileWith(ids.phq9!);
    for (const local of ['patient.open', 'caregiver']) {
      const res = await (await as(local)).fileForms(fileId);
      expect([local, res.status, res.body.code]).toEqual([local, 403, 'professionals_only']);
    }
    for (const local of ['admin.establishment', 'patient.multi']) {
      expect([local, (await (await as(local)).fileForms(fileId)).status]).toEqual([local, 404]);
    }
  });
});

describe('overload: the file its own planning', () => {
  const valid = { everyDays: 2, occurrences: 5, windowHours: 24, graceHours: 12 };

  it('opens the occurrences at the local time it names (the establishment time zone)', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!);
    const res = await (await as('prescriber')).overload(assignments[ids.hf!]!, { ...valid, time: '09:00' });
    expect(res.status, res.text).toBe(200);
    const upcoming = (await tasksOf(fileId)).filter((t) => Date.parse(t.startAt!) > now());
    expect(upcoming.length).toBeGreaterThanOrEqual(5);
    const fresh = upcoming.slice(-5);
    const hours = fresh.map((t) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(new Date(t.startAt!)));
    expect(hours).toEqual(['09:00', '09:00', '09:00', '09:00', '09:00']);
    expect(Date.parse(fresh[1]!.startAt!) - Date.parse(fresh[0]!.startAt!)).toBeGreaterThanOrEqual(2 * DAY - HOUR);
  });

  const invalid: [string, object, string, string, Record<'fr' | 'en' | 'ar', RegExp>][] = [
    ['a window longer than the interval', { ...valid, everyDays: 1, windowHours: 25 }, 'planning_window_too_long', 'body.planning.windowHours',
      { fr: /\(25 h\).*\(24 h\)/, en: /\(25 h\).*\(24 h\)/, ar: /25.*24/ }],
    ['a time that is not HH:MM', { ...valid, time: '9h' }, 'validation_error', 'body.planning.time', { fr: /time/, en: /time/, ar: /time/ }],
    ['an hour past 23', { ...valid, time: '24:00' }, 'validation_error', 'body.planning.time', { fr: /time/, en: /time/, ar: /time/ }],
    ['no interval', { ...valid, everyDays: 0 }, 'validation_error', 'body.planning.everyDays', { fr: /everyDays/, en: /everyDays/, ar: /everyDays/ }],
    ['no occurrence', { ...valid, occurrences: 0 }, 'validation_error', 'body.planning.occurrences', { fr: /occurrences/, en: /occurrences/, ar: /occurrences/ }],
    ['a negative grace', { ...valid, graceHours: -1 }, 'validation_error', 'body.planning.graceHours', { fr: /graceHours/, en: /graceHours/, ar: /graceHours/ }],
    ['a missing window', { everyDays: 1, occurrences: 3, graceHours: 0 }, 'validation_error', 'body.planning.windowHours', { fr: /windowHours/, en: /windowHours/, ar: /windowHours/ }],
  ];
  it.each(invalid)('refuses %s on its field, in fr, en and ar', async (_, planning, code, field, messages) => {
    const { fileId, assignments } = await fileWith(ids.hf!);
    const prescriber = await as('prescriber');
    const seen = new Set<string>();
    for (const l of ['fr', 'en', 'ar'] as const) {
      const res = await prescriber.overloadIn(assignments[ids.hf!]!, planning, l);
      expect([res.status, res.body.code, res.body.field], res.text).toEqual([400, code, field]);
      expect(res.body.message).toMatch(messages[l]);
      seen.add(res.body.message);
    }
    expect(seen.size, 'one message per language').toBe(3);
    expect(await historyOf(db, fileId, 'FORM_OVERLOADED')).toEqual([]);
    const [row] = await db.select().from(patientFileForms).where(eq(patientFileForms.id, assignments[ids.hf!]!));
    expect(row!.overload).toBeNull();
  });
});

describe('who may change the questionnaires of a file', () => {
  it('refuses the patient and the caregiver (403 professionals_only) and anyone outside the scope (404)', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!);
    const a = assignments[ids.hf!]!;
    for (const local of ['patient.open', 'caregiver']) {
      const who = await as(local);
      for (const res of [await who.exclude(a), await who.restore(a), await who.deactivate(a), await who.overload(a, aPlanning())]) {
        expect([local, res.status, res.body.code]).toEqual([local, 403, 'professionals_only']);
      }
    }
    for (const local of ['admin.establishment', 'patient.multi']) {
      const who = await as(local);
      for (const res of [await who.exclude(a), await who.restore(a), await who.activate(a)]) expect([local, res.status]).toEqual([local, 404]);
    }
    expect((await historyOf(db, fileId)).map((h) => h.type)).toEqual(['FORM_ASSIGNED']);
  });

  it('keeps a closed file read-only: every change answers 409 patient_file_closed', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!, ids.gad7!);
    const a = assignments[ids.hf!]!;
    const prescriber = await as('prescriber');
    await prescriber.exclude(assignments[ids.gad7!]!);
    await db.update(patientFiles).set({ status: 'CLOSED', closedAt: gw.clock.now() }).where(eq(patientFiles.id, fileId));
    const changes = [
      prescriber.exclude(a), prescriber.restore(assignments[ids.gad7!]!), prescriber.deactivate(a), prescriber.activate(a),
      prescriber.overload(a, aPlanning()), prescriber.assign(fileId, ids.phq9!),
    ];
    for (const res of await Promise.all(changes)) expect([res.status, res.body.code]).toEqual([409, 'patient_file_closed']);
    const ar = await prescriber.exclude(a, 'ar');
    expect(ar.body.message).toBe('هذا الملف مغلق: لم يعد من الممكن تعديله.');
    expect((await historyOf(db, fileId)).map((h) => h.type)).toEqual(['FORM_ASSIGNED', 'FORM_ASSIGNED', 'FORM_EXCLUDED']);
    // Still readable by its professionals.
    expect((await listOf(fileId)).map((f) => f.status)).toEqual(['excluded', 'active']);
    // The demo's closed file too.
    const [closed] = await patientFileIdsOf(db, 'patient.closed');
    expect((await (await as('pro.two')).fileForms(closed!)).status).toBe(200);
  });
});

function aPlanning() { return { everyDays: 1, occurrences: 3, windowHours: 24, graceHours: 0 }; }
