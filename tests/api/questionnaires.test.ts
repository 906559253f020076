/**
 * Issue 5 §2, §4, §5: questionnaires assigned to patient files, My Tasks and its statuses, and
 * every answering rule enforced by the server: limit date, already sent (also two sends at
 * once), oldest late form first, deactivated form, closed file, caregiver attribution, the
 * response and its history entry written together, ajv validation with messages in fr/en/ar,
 * and isolation between establishments. Files and versions have their own test files.
 *
 * Each scenario works on a fresh patient file of patient.open, assigned at the current time of
 * the gateway's clock, which the tests move forward (sessions last long enough not to expire).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOccurrences, formResponses, patientFileForms, patientFiles } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type Browser, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf, patientFileIdsOf, userIdOf } from '../helpers/demo-data.ts';
import { sampleAnswer } from '../helpers/form-corpus.ts';
import { calls, formIdOf, historyOf, newPatientFile } from '../helpers/questionnaires.ts';
import { holdHistoryWrites } from '../helpers/held-transactions.ts';
import { readFileSync } from 'node:fs';
import { FREE_RESPONSES_PER_DAY, MAX_ANSWER_BODY_BYTES, MAX_ANSWER_TEXT } from '../../server/care/forms/limits.ts';

const HOUR = 3_600_000;
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

let gw: TestGateway;
let db: TestGateway['db']['database']['db'];
const ids: Record<string, string> = {};
const browsers = new Map<string, Promise<Browser>>();
const as = (local: string) => {
  if (!browsers.has(local)) browsers.set(local, login(gw.app, demoEmail(local)));
  return browsers.get(local)!.then(calls);
};

beforeAll(async () => {
  // Sessions outlive the days the clock is moved by.
  gw = await startGateway({ SESSION_IDLE_MINUTES: 60 * 24 * 365, SESSION_ABSOLUTE_HOURS: 24 * 365 });
  db = gw.db.database.db;
  Object.assign(ids, {
    azur: await establishmentIdOf(db, 'chu-azur'),
    tilleuls: await establishmentIdOf(db, 'clinique-des-tilleuls'),
    hf: await formIdOf(db, 'chu-azur', 'HF-DAILY'),
    phq9: await formIdOf(db, 'chu-azur', 'PHQ-9'),
    postOp: await formIdOf(db, 'chu-azur', 'POST-OP'),
    showcase: await formIdOf(db, 'chu-azur', 'SCHEMA-SHOWCASE'),
    gad7: await formIdOf(db, 'chu-azur', 'GAD-7'),
    phq9Tilleuls: await formIdOf(db, 'clinique-des-tilleuls', 'PHQ-9'),
    patient: await userIdOf(db, 'patient.open'),
    caregiver: await userIdOf(db, 'caregiver'),
  });
});
afterAll(async () => { await gw?.close(); });

const now = () => gw.clock.now().getTime();
/** Moves the gateway's clock forward to `at` (never back). */
function moveTo(at: number) {
  expect(at, 'the clock only moves forward').toBeGreaterThanOrEqual(now());
  gw.clock.advance(at - now());
}

interface TaskOut { occurrenceId?: string; formId: string; status: string; late: boolean; startAt?: string; endAt?: string; limitAt?: string; name: string; submissionType: string; reference: string }

/** A new file of patient.open (caregiver@ follows it) with `formIds` assigned by the prescriber now. */
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

async function tasksOf(fileId: string, local = 'patient.open'): Promise<TaskOut[]> {
  const res = await (await as(local)).tasks(fileId);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
/** The planned occurrences of a form in the file, oldest first. */
async function occurrences(fileId: string, formId = ids.hf!): Promise<(TaskOut & { start: number; end: number; limit: number })[]> {
  return (await tasksOf(fileId)).filter((t) => t.formId === formId && t.occurrenceId)
    .map((t) => ({ ...t, start: Date.parse(t.startAt!), end: Date.parse(t.endAt!), limit: Date.parse(t.limitAt!) }))
    .sort((a, b) => a.start - b.start);
}
const statusOf = async (fileId: string, occurrenceId: string) => (await tasksOf(fileId)).find((t) => t.occurrenceId === occurrenceId)!;

const hfAnswer = () => sampleAnswer('heart-failure-daily');
async function answerHf(fileId: string, occurrenceId: string, extra: { skipEarlierLate?: boolean; local?: string; answers?: unknown; l?: string } = {}) {
  return (await as(extra.local ?? 'patient.open')).answer(fileId, { formId: ids.hf!, occurrenceId, answers: extra.answers ?? hfAnswer(), ...(extra.skipEarlierLate !== undefined ? { skipEarlierLate: extra.skipEarlierLate } : {}) }, extra.l);
}
const answeredResponses = (fileId: string) => db.select().from(formResponses).where(and(eq(formResponses.patientFileId, fileId), isNotNull(formResponses.answeredAt)));

describe('questionnaires of an establishment', () => {
  it('lists the provisioned corpus to its professionals, named in the language of the call', async () => {
    const res = await (await as('prescriber')).forms(ids.azur!, 'en');
    expect(res.status, res.text).toBe(200);
    const byReference = Object.fromEntries(res.body.data.map((f: { reference: string }) => [f.reference, f]));
    expect(Object.keys(byReference)).toEqual(expect.arrayContaining(['HF-DAILY', 'PHQ-9', 'GAD-7', 'POST-OP', 'SCHEMA-SHOWCASE']));
    expect(byReference['PHQ-9']).toEqual({ id: ids.phq9, reference: 'PHQ-9', name: 'Patient Health Questionnaire (PHQ-9)', submissionType: 'FREE', version: 1 });
    expect(byReference['POST-OP']).toMatchObject({ submissionType: 'PLANNED', name: 'Post-operative follow-up' });
    const ar = await (await as('prescriber')).forms(ids.azur!, 'ar');
    expect(ar.body.data.find((f: { reference: string }) => f.reference === 'GAD-7').name).toBe('مقياس اضطراب القلق العام (GAD-7)');
  });

  it("gives each establishment its own copy, and hides an establishment's list from others", async () => {
    expect(ids.phq9Tilleuls).not.toBe(ids.phq9);
    expect((await (await as('admin.establishment')).forms(ids.azur!)).status).toBe(404);
    expect((await (await as('patient.open')).forms(ids.azur!)).status).toBe(404);
  });
});

describe('POST /patient_files/{id}/forms/{formId}: assignment', () => {
  it('assigns for a prescriber of the service, writes the history, and refuses a second assignment', async () => {
    const fileId = await newPatientFile(db);
    const prescriber = await as('prescriber');
    const res = await prescriber.assign(fileId, ids.hf!);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: UUID, patientFileId: fileId, formId: ids.hf, active: true, overload: null, assignedAt: gw.clock.now().toISOString(), excludedAt: null });
    const history = await historyOf(db, fileId, 'FORM_ASSIGNED');
    expect(history).toEqual([expect.objectContaining({ actorId: await userIdOf(db, 'prescriber'), payload: { formId: ids.hf, reference: 'HF-DAILY' } })]);
    // 30 daily occurrences of 24 h, answerable 48 h more.
    const list = await occurrences(fileId);
    expect(list).toHaveLength(30);
    expect(list.every((o) => o.end - o.start === 24 * HOUR && o.limit - o.end === 48 * HOUR)).toBe(true);
    expect(list[1]!.start - list[0]!.start).toBe(24 * HOUR);

    const again = await prescriber.assign(fileId, ids.hf!);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('form_already_assigned');
  });

  it.each([['operator'], ['superadmin'], ['pro.two']])('lets %s (patient-data privilege in CHU Azur) assign', async (local) => {
    const fileId = await newPatientFile(db);
    const res = await (await as(local)).assign(fileId, ids.phq9!);
    expect(res.status, res.text).toBe(200);
  });

  it.each([
    ['patient.open', 403, 'professionals_only', 'the patient of the file'],
    ['caregiver', 403, 'professionals_only', 'a caregiver of the file'],
    ['patient.multi', 404, 'not_found', 'another patient'],
    ['admin.establishment', 404, 'not_found', "another establishment's professional"],
    ['manager', 404, 'not_found', 'a manager without patient-data privilege'],
  ])('refuses %s (%s, %s): %s, and writes nothing', async (local, status, code) => {
    const fileId = await newPatientFile(db, { caregivers: ['caregiver'] });
    const res = await (await as(local)).assign(fileId, ids.hf!);
    expect(res.status, res.text).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await db.select().from(patientFileForms).where(eq(patientFileForms.patientFileId, fileId))).toEqual([]);
    expect(await historyOf(db, fileId)).toEqual([]);
  });

  it("answers a questionnaire of another establishment exactly as an unknown one (404: no existence oracle)", async () => {
    const fileId = await newPatientFile(db, { caregivers: ['caregiver'] });
    for (const local of ['prescriber', 'patient.open', 'caregiver']) {
      const c = await as(local);
      const [other, unknown] = [await c.assign(fileId, ids.phq9Tilleuls!), await c.assign(fileId, randomUUID())];
      expect([other.status, other.body], local).toEqual([404, unknown.body]);
      expect(unknown.body.code).toBe('not_found');
    }
    expect(await db.select().from(patientFileForms).where(eq(patientFileForms.patientFileId, fileId))).toEqual([]);
  });

  it('activates, deactivates and overloads only for professionals of the file', async () => {
    const { assignments } = await fileWith(ids.phq9!);
    const assignment = assignments[ids.phq9!]!;
    expect((await (await as('patient.open')).deactivate(assignment)).status).toBe(403);
    expect((await (await as('admin.establishment')).deactivate(assignment)).status).toBe(404);
    expect((await (await as('prescriber')).deactivate(randomUUID())).status).toBe(404);
    const off = await (await as('prescriber')).deactivate(assignment);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await (await as('operator')).activate(assignment);
    expect(on.body.active).toBe(true);
  });
});

describe('GET /patient_files/{id}/tasks: statuses as time passes', () => {
  it('goes free / available / upcoming, ongoing once started, completed once sent, late then expired', async () => {
    const { fileId } = await fileWith(ids.hf!, ids.phq9!);
    let tasks = await tasksOf(fileId);
    const free = tasks.filter((t) => t.formId === ids.phq9);
    expect(free).toEqual([{ formId: ids.phq9, reference: 'PHQ-9', name: 'Questionnaire sur la santé du patient (PHQ-9)', submissionType: 'FREE', status: 'free', late: false }]);
    let [o0, o1, o2, o3] = await occurrences(fileId);
    expect([o0!.status, o0!.late, o1!.status, o2!.status]).toEqual(['available', false, 'upcoming', 'upcoming']);
    expect(o0!.start).toBeLessThanOrEqual(now());

    // Opened: ongoing (and starting again keeps the same response).
    const patient = await as('patient.open');
    const started = await patient.start(fileId, { formId: ids.hf!, occurrenceId: o0!.occurrenceId });
    expect(started.status, started.text).toBe(200);
    expect((await patient.start(fileId, { formId: ids.hf!, occurrenceId: o0!.occurrenceId })).body.id).toBe(started.body.id);
    expect((await statusOf(fileId, o0!.occurrenceId!)).status).toBe('ongoing');

    // Sent: completed.
    expect((await answerHf(fileId, o0!.occurrenceId!)).status).toBe(201);
    expect((await statusOf(fileId, o0!.occurrenceId!)).status).toBe('completed');

    // A day later the next one opens; past its end it is late but still available until its limit date.
    moveTo(o1!.start);
    expect((await statusOf(fileId, o1!.occurrenceId!))).toMatchObject({ status: 'available', late: false });
    moveTo(o1!.end + 1);
    expect((await statusOf(fileId, o1!.occurrenceId!))).toMatchObject({ status: 'available', late: true });
    expect((await statusOf(fileId, o2!.occurrenceId!))).toMatchObject({ status: 'available', late: false });
    moveTo(o1!.limit + 1);
    expect((await statusOf(fileId, o1!.occurrenceId!))).toMatchObject({ status: 'expired', late: false });
    expect((await statusOf(fileId, o0!.occurrenceId!)).status).toBe('completed');
    expect((await statusOf(fileId, o3!.occurrenceId!)).status).toBe('available');

    // The caregiver and the professionals see the same tasks; the free form stays free.
    tasks = await tasksOf(fileId);
    expect(await tasksOf(fileId, 'caregiver')).toEqual(tasks);
    expect(await tasksOf(fileId, 'prescriber')).toEqual(tasks);
    expect(tasks.find((t) => t.formId === ids.phq9)!.status).toBe('free');
  });

  it('lists an ongoing free form as free, and a deactivated form not at all until reactivated', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!, ids.phq9!);
    await (await as('prescriber')).deactivate(assignments[ids.hf!]!);
    expect((await tasksOf(fileId)).map((t) => t.formId)).toEqual([ids.phq9]);
    await (await as('prescriber')).activate(assignments[ids.hf!]!);
    expect((await tasksOf(fileId)).filter((t) => t.formId === ids.hf)).toHaveLength(30);
  });

  it('names the tasks in the language of the call, and hides them from other establishments', async () => {
    const { fileId } = await fileWith(ids.phq9!);
    const ar = await (await as('patient.open')).tasks(fileId, 'ar');
    expect(ar.body.data[0].name).toBe('استبيان صحة المريض (PHQ-9)');
    expect((await (await as('admin.establishment')).tasks(fileId)).status).toBe(404);
    expect((await (await as('patient.multi')).tasks(fileId)).status).toBe(404);
  });

  it('gives a file its own planning with overload: future occurrences follow it, answered ones stay', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!);
    const [o0] = await occurrences(fileId);
    expect((await answerHf(fileId, o0!.occurrenceId!)).status).toBe(201);
    const res = await (await as('prescriber')).overload(assignments[ids.hf!]!, { everyDays: 7, occurrences: 4, windowHours: 48, graceHours: 24 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.overload).toEqual({ everyDays: 7, occurrences: 4, windowHours: 48, graceHours: 24 });
    const list = await occurrences(fileId);
    expect(list.find((o) => o.occurrenceId === o0!.occurrenceId)!.status).toBe('completed');
    const future = list.filter((o) => o.occurrenceId !== o0!.occurrenceId);
    expect(future.length).toBeGreaterThanOrEqual(3);
    expect(future).toHaveLength(4);
    expect(future.every((o) => o.end - o.start === 48 * HOUR)).toBe(true);
    // The new planning starts when the kept occurrence ends: no two occurrences overlap.
    expect(future[0]!.start).toBe(o0!.end);
    expect((await historyOf(db, fileId, 'FORM_OVERLOADED'))).toHaveLength(1);
  });
});

describe('POST /patient_files/{id}/form_responses: the answering rules', () => {
  it('refuses an occurrence not open yet (form_not_yet_available)', async () => {
    const { fileId } = await fileWith(ids.hf!);
    const [, o1] = await occurrences(fileId);
    const res = await answerHf(fileId, o1!.occurrenceId!);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('form_not_yet_available');
    expect(await answeredResponses(fileId)).toEqual([]);
  });

  it('accepts a late answer until the limit date, and refuses it one moment after (form_limit_date_passed)', async () => {
    const [a, b] = [await fileWith(ids.hf!), await fileWith(ids.hf!)];
    const [oa] = await occurrences(a.fileId);
    const [ob] = await occurrences(b.fileId);
    expect(ob!.limit).toBe(oa!.limit);
    moveTo(oa!.limit);
    expect((await statusOf(a.fileId, oa!.occurrenceId!))).toMatchObject({ status: 'available', late: true });
    const inTime = await answerHf(a.fileId, oa!.occurrenceId!);
    expect(inTime.status, inTime.text).toBe(201);
    moveTo(ob!.limit + 1);
    const res = await answerHf(b.fileId, ob!.occurrenceId!, { l: 'en' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'form_limit_date_passed', message: 'The limit date for answering this questionnaire has passed.' });
    expect((await statusOf(b.fileId, ob!.occurrenceId!)).status).toBe('expired');
    expect(await answeredResponses(b.fileId)).toEqual([]);
    // Opening it is refused as well.
    expect((await (await as('patient.open')).start(b.fileId, { formId: ids.hf!, occurrenceId: ob!.occurrenceId })).body.code).toBe('form_limit_date_passed');
  });

  it('refuses an answer already sent (form_already_answered), by the patient or the caregiver', async () => {
    const { fileId } = await fileWith(ids.hf!);
    const [o0] = await occurrences(fileId);
    expect((await answerHf(fileId, o0!.occurrenceId!)).status).toBe(201);
    for (const local of ['patient.open', 'caregiver']) {
      const again = await answerHf(fileId, o0!.occurrenceId!, { local });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('form_already_answered');
    }
    expect((await (await as('patient.open')).start(fileId, { formId: ids.hf!, occurrenceId: o0!.occurrenceId })).body.code).toBe('form_already_answered');
    expect(await answeredResponses(fileId)).toHaveLength(1);
    expect(await historyOf(db, fileId, 'FORM_RESPONSE')).toHaveLength(1);
  });

  it.each([
    ['not opened before', false],
    ['opened before (an ongoing response exists)', true],
  ])('keeps exactly one of two sends at once: %s', async (_case, startFirst) => {
    const { fileId } = await fileWith(ids.hf!);
    const [o0] = await occurrences(fileId);
    const [patient, caregiver] = [await as('patient.open'), await as('caregiver')];
    if (startFirst) {
      expect((await patient.start(fileId, { formId: ids.hf!, occurrenceId: o0!.occurrenceId })).status).toBe(200);
    }
    const body = { formId: ids.hf!, occurrenceId: o0!.occurrenceId, answers: hfAnswer() };
    const results = await Promise.all([patient.answer(fileId, body), patient.answer(fileId, body), caregiver.answer(fileId, body)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, results.map((r) => r.text).join('\n')).toEqual([201, 409, 409]);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(['form_already_answered', 'form_already_answered']);
    expect(await answeredResponses(fileId)).toHaveLength(1);
    expect(await historyOf(db, fileId, 'FORM_RESPONSE')).toHaveLength(1);
  });

  it('keeps exactly one of two sends of an opened occurrence even when the first is slow to commit', async () => {
    // Both sends find the same ongoing response; the first holds it while its history entry
    // is written slowly. The second must not overwrite it once the first has committed.
    const { fileId } = await fileWith(ids.hf!);
    const [o0] = await occurrences(fileId);
    const patient = await as('patient.open');
    expect((await patient.start(fileId, { formId: ids.hf!, occurrenceId: o0!.occurrenceId })).status).toBe(200);
    // On PostgreSQL the first send is held inside its transaction (writing its history entry) until
    // the second is blocked behind it; PGlite runs one transaction at a time, in either order.
    const held = await holdHistoryWrites(gw, fileId, 'FORM_RESPONSE');
    let results: Awaited<ReturnType<typeof patient.answer>>[];
    try {
      const body = { formId: ids.hf!, occurrenceId: o0!.occurrenceId, answers: hfAnswer() };
      const first = patient.answer(fileId, body).then((r) => r);
      await held.waitUntilBlocked(1);
      const second = patient.answer(fileId, { ...body, answers: { ...hfAnswer(), weight: 90 } }).then((r) => r);
      await held.waitUntilBlocked(2);
      await held.release();
      results = await Promise.all([first, second]);
    } finally {
      await held.close();
    }
    // Exactly one is kept, with its own answers, and the other is refused without overwriting it.
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).toEqual([201, 409]);
    const winner = results.findIndex((r) => r.status === 201);
    expect(results[1 - winner]!.body.code).toBe('form_already_answered');
    const [row, ...others] = await answeredResponses(fileId);
    expect(others).toEqual([]);
    expect(row!.answers).toEqual(winner === 0 ? hfAnswer() : { ...hfAnswer(), weight: 90 });
    expect(await historyOf(db, fileId, 'FORM_RESPONSE')).toHaveLength(1);
  });

  describe('oldest late first', () => {
    /** A file at the moment its first two occurrences are late and the third is open. */
    async function twoLate() {
      const { fileId } = await fileWith(ids.hf!);
      const list = await occurrences(fileId);
      return { fileId, o: list };
    }

    it('refuses a newer occurrence while older ones are late (409 older_late_forms_pending), changing nothing', async () => {
      const { fileId, o } = await twoLate();
      moveTo(o[2]!.start + HOUR);
      expect((await tasksOf(fileId)).filter((t) => t.late).map((t) => t.occurrenceId)).toEqual([o[0]!.occurrenceId, o[1]!.occurrenceId]);
      const newest = await answerHf(fileId, o[2]!.occurrenceId!, { l: 'en' });
      expect(newest.status).toBe(409);
      expect(newest.body).toEqual({ code: 'older_late_forms_pending', message: 'Older questionnaires are late (2): answer the oldest first, or confirm to continue and lose them.' });
      const middle = await answerHf(fileId, o[1]!.occurrenceId!, { skipEarlierLate: false });
      expect(middle.status).toBe(409);
      expect(middle.body.message).toContain('(1)');
      expect(await answeredResponses(fileId)).toEqual([]);
      expect((await db.select().from(formOccurrences).where(isNotNull(formOccurrences.lostAt))).filter((r) => o.some((x) => x.occurrenceId === r.id))).toEqual([]);
      // The oldest may be answered, then the next.
      expect((await answerHf(fileId, o[0]!.occurrenceId!)).status).toBe(201);
      expect((await answerHf(fileId, o[1]!.occurrenceId!)).status).toBe(201);
      expect((await answerHf(fileId, o[2]!.occurrenceId!)).status).toBe(201);
    });

    it('with skipEarlierLate, answers the newer one and the earlier late ones become expired for good', async () => {
      const { fileId, o } = await twoLate();
      moveTo(o[2]!.start + HOUR);
      const res = await answerHf(fileId, o[2]!.occurrenceId!, { skipEarlierLate: true });
      expect(res.status, res.text).toBe(201);
      const after = await occurrences(fileId);
      expect(after.slice(0, 4).map((t) => [t.status, t.late])).toEqual([['expired', false], ['expired', false], ['completed', false], ['upcoming', false]]);
      // Still before their limit dates, yet lost: answering them is refused.
      expect(now()).toBeLessThan(o[1]!.limit);
      const lost = await answerHf(fileId, o[1]!.occurrenceId!);
      expect(lost.status).toBe(409);
      expect(lost.body.code).toBe('form_limit_date_passed');
      const [entry] = await historyOf(db, fileId, 'FORM_RESPONSE');
      expect(entry!.payload).toEqual({ formResponseId: res.body.id, formId: ids.hf, lostOccurrences: 2 });
    });

    it('counts late occurrences of every planned questionnaire of the file, and only active ones', async () => {
      const { fileId, assignments } = await fileWith(ids.hf!, ids.postOp!);
      const hf = await occurrences(fileId, ids.hf!);
      const postOp = await occurrences(fileId, ids.postOp!);
      moveTo(hf[1]!.start + HOUR); // post-op #0 and heart failure #0 are late
      expect((await tasksOf(fileId)).filter((t) => t.late)).toHaveLength(2);
      const res = await answerHf(fileId, hf[1]!.occurrenceId!);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('(2)');
      await (await as('prescriber')).deactivate(assignments[ids.postOp!]!);
      const again = await answerHf(fileId, hf[1]!.occurrenceId!);
      expect(again.body.message).toContain('(1)');
      expect((await answerHf(fileId, hf[1]!.occurrenceId!, { skipEarlierLate: true })).status).toBe(201);
      // The deactivated form's late occurrence was not given up.
      await (await as('prescriber')).activate(assignments[ids.postOp!]!);
      expect((await statusOf(fileId, postOp[0]!.occurrenceId!))).toMatchObject({ status: 'available', late: true });
    });
  });

  it('refuses a deactivated questionnaire (form_deactivated), and accepts it once reactivated', async () => {
    const { fileId, assignments } = await fileWith(ids.hf!, ids.phq9!);
    const [o0] = await occurrences(fileId);
    const prescriber = await as('prescriber');
    await prescriber.deactivate(assignments[ids.hf!]!);
    await prescriber.deactivate(assignments[ids.phq9!]!);
    const patient = await as('patient.open');
    const planned = await answerHf(fileId, o0!.occurrenceId!);
    expect(planned.status).toBe(409);
    expect(planned.body.code).toBe('form_deactivated');
    const free = await patient.answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
    expect(free.body.code).toBe('form_deactivated');
    expect((await patient.start(fileId, { formId: ids.phq9! })).body.code).toBe('form_deactivated');
    expect(await answeredResponses(fileId)).toEqual([]);
    await prescriber.activate(assignments[ids.hf!]!);
    expect((await answerHf(fileId, o0!.occurrenceId!)).status).toBe(201);
  });

  it('refuses answers on a file that is not open (patient_file_closed: a closed file is read-only)', async () => {
    const { fileId } = await fileWith(ids.phq9!);
    await db.update(patientFiles).set({ status: 'CLOSED', closedAt: gw.clock.now() }).where(eq(patientFiles.id, fileId));
    const res = await (await as('patient.open')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') }, 'ar');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'patient_file_closed', message: 'هذا الملف مغلق: لم يعد من الممكن تعديله.' });
    await db.update(patientFiles).set({ status: 'AWAITING' }).where(eq(patientFiles.id, fileId));
    expect((await (await as('patient.open')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') })).body.code).toBe('patient_file_closed');
    expect(await answeredResponses(fileId)).toEqual([]);

    // The demo's closed file at Clinique des Tilleuls: no questionnaire can be assigned to it.
    const [closed] = await patientFileIdsOf(db, 'patient.closed');
    const assigned = await (await as('pro.two')).assign(closed!, ids.phq9Tilleuls!);
    expect([assigned.status, assigned.body.code]).toEqual([409, 'patient_file_closed']);
  });

  it('lets only the patient side answer, only questionnaires of the file, and only its own occurrences', async () => {
    const { fileId } = await fileWith(ids.hf!, ids.phq9!);
    const other = await fileWith(ids.hf!);
    const [o0] = await occurrences(fileId);
    const [otherO0] = await occurrences(other.fileId);
    const pro = await (await as('prescriber')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
    expect([pro.status, pro.body.code]).toEqual([403, 'patients_only']);
    const stranger = await (await as('patient.multi')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
    expect(stranger.status).toBe(404);
    const notAssigned = await (await as('patient.open')).answer(fileId, { formId: ids.gad7!, answers: {} });
    expect([notAssigned.status, notAssigned.body.code, notAssigned.body.field]).toEqual([404, 'not_found', 'body.formId']);
    const noOccurrence = await (await as('patient.open')).answer(fileId, { formId: ids.hf!, answers: hfAnswer() });
    expect([noOccurrence.status, noOccurrence.body.code, noOccurrence.body.field]).toEqual([400, 'occurrence_mismatch', 'body.occurrenceId']);
    const foreign = await answerHf(fileId, otherO0!.occurrenceId!);
    expect([foreign.status, foreign.body.code, foreign.body.field]).toEqual([404, 'not_found', 'body.occurrenceId']);
    expect(await answeredResponses(fileId)).toEqual([]);
    expect((await answerHf(fileId, o0!.occurrenceId!)).status).toBe(201);
  });

  describe("an occurrence id from the body is resolved through the file's assignment", () => {
    it("refuses another establishment's planned occurrence with a free form (404), leaving that patient's task and answer alone", async () => {
      const { fileId } = await fileWith(ids.phq9!);
      // The victim: patient.multi's open file at Clinique des Tilleuls, with a planned questionnaire.
      const [tilleulsFile] = await patientFileIdsOf(db, 'patient.multi');
      const hfTilleuls = await formIdOf(db, 'clinique-des-tilleuls', 'HF-DAILY');
      const assigned = await (await as('pro.two')).assign(tilleulsFile!, hfTilleuls);
      expect(assigned.status, assigned.text).toBe(200);
      const victim = await as('patient.multi');
      const [task] = (await victim.tasks(tilleulsFile!)).body.data.filter((t: TaskOut) => t.formId === hfTilleuls && t.status === 'available');
      expect(task).toBeDefined();

      const patient = await as('patient.open');
      for (const body of [
        { formId: ids.phq9!, occurrenceId: task.occurrenceId, answers: sampleAnswer('phq-9') },
        { formId: ids.phq9!, occurrenceId: randomUUID(), answers: sampleAnswer('phq-9') },
      ]) {
        const sent = await patient.answer(fileId, body);
        expect([sent.status, sent.body.code, sent.body.field], sent.text).toEqual([404, 'not_found', 'body.occurrenceId']);
        const started = await patient.start(fileId, { formId: body.formId, occurrenceId: body.occurrenceId });
        expect([started.status, started.body.code], started.text).toEqual([404, 'not_found']);
      }
      expect(await db.select().from(formResponses).where(eq(formResponses.occurrenceId, task.occurrenceId))).toEqual([]);
      expect((await victim.tasks(tilleulsFile!)).body.data.find((t: TaskOut) => t.occurrenceId === task.occurrenceId).status).toBe('available');
      const answered = await victim.answer(tilleulsFile!, { formId: hfTilleuls, occurrenceId: task.occurrenceId, answers: hfAnswer() });
      expect(answered.status, answered.text).toBe(201);
    });

    it('refuses an occurrence of another questionnaire of the same file (404)', async () => {
      const { fileId } = await fileWith(ids.hf!, ids.postOp!);
      const [postOp] = await occurrences(fileId, ids.postOp!);
      const res = await answerHf(fileId, postOp!.occurrenceId!);
      expect([res.status, res.body.field]).toEqual([404, 'body.occurrenceId']);
    });

    it('answers a professional the same 404 as a patient for an id outside the file, before telling them only patients answer', async () => {
      const { fileId } = await fileWith(ids.phq9!);
      const pro = await as('prescriber');
      const foreign = await pro.answer(fileId, { formId: ids.phq9!, occurrenceId: randomUUID(), answers: sampleAnswer('phq-9') });
      expect([foreign.status, foreign.body.code]).toEqual([404, 'not_found']);
      const own = await pro.answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
      expect([own.status, own.body.code]).toEqual([403, 'patients_only']);
    });
  });
});

describe('POST /patient_files/{id}/form_responses/start', () => {
  it.each([['a free questionnaire', false], ['a planned occurrence', true]])(
    'keeps one ongoing response when several starts of %s arrive at once', async (_what, planned) => {
      const { fileId } = await fileWith(ids.hf!, ids.phq9!);
      const target = planned ? { formId: ids.hf!, occurrenceId: (await occurrences(fileId))[0]!.occurrenceId } : { formId: ids.phq9! };
      const patient = await as('patient.open');
      const results = await Promise.all(Array.from({ length: 6 }, () => patient.start(fileId, target).then((r) => r)));
      expect(results.map((r) => r.status), results.map((r) => r.text).join('\n')).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      const ongoing = await db.select().from(formResponses).where(and(eq(formResponses.patientFileId, fileId), isNull(formResponses.answeredAt)));
      expect(ongoing.map((r) => r.id)).toEqual([results[0]!.body.id]);
      // The caregiver's start is their own ongoing response, beside the patient's.
      const theirs = await (await as('caregiver')).start(fileId, target);
      expect(theirs.status).toBe(200);
      expect(theirs.body.id).not.toBe(results[0]!.body.id);
    });
});

describe('who answered', () => {
  it("records a caregiver's answer as given by the caregiver for the patient, and a patient's as their own", async () => {
    const { fileId } = await fileWith(ids.hf!, ids.phq9!);
    const [o0] = await occurrences(fileId);
    const byCaregiver = await answerHf(fileId, o0!.occurrenceId!, { local: 'caregiver' });
    expect(byCaregiver.status, byCaregiver.text).toBe(201);
    const byPatient = await (await as('patient.open')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
    expect(byPatient.status).toBe(201);

    const prescriber = await as('prescriber');
    const c = (await prescriber.response(byCaregiver.body.id)).body;
    expect(c).toMatchObject({ answeredByCaregiver: true, answeredBy: 'Paul Martin', occurrenceId: o0!.occurrenceId });
    const p = (await prescriber.response(byPatient.body.id)).body;
    expect(p).toMatchObject({ answeredByCaregiver: false, answeredBy: 'Camille Martin', occurrenceId: null });

    const history = await historyOf(db, fileId, 'FORM_RESPONSE');
    const of = (id: string) => history.find((h) => (h.payload as { formResponseId: string }).formResponseId === id)!;
    expect(of(byCaregiver.body.id)).toMatchObject({ actorId: ids.caregiver, onBehalfOfId: ids.patient });
    expect(of(byPatient.body.id)).toMatchObject({ actorId: ids.patient, onBehalfOfId: null });
    const [row] = await db.select().from(formResponses).where(eq(formResponses.id, byCaregiver.body.id));
    expect(row).toMatchObject({ answeredBy: ids.caregiver, onBehalfOf: ids.patient });
  });
});

describe('the response and its history entry are written together', () => {
  it('writes one history entry per response, and neither when the answer is refused', async () => {
    const { fileId } = await fileWith(ids.phq9!, ids.showcase!);
    const patient = await as('patient.open');
    const ok = await patient.answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
    expect(ok.status).toBe(201);
    expect((await patient.answer(fileId, { formId: ids.phq9!, answers: { q1: 9 } })).status).toBe(400);
    expect((await patient.answer(fileId, { formId: ids.showcase!, answers: { ...sampleAnswer('schema-showcase'), consent: false } })).status).toBe(400);
    const responses = await answeredResponses(fileId);
    const history = await historyOf(db, fileId, 'FORM_RESPONSE');
    expect(responses.map((r) => r.id)).toEqual([ok.body.id]);
    expect(history).toEqual([expect.objectContaining({ payload: { formResponseId: ok.body.id, formId: ids.phq9, lostOccurrences: 0 }, occurredAt: gw.clock.now() })]);
  });

  it('keeps no response (nor lost occurrences) when its history entry cannot be written', async () => {
    const { fileId } = await fileWith(ids.hf!);
    const o = await occurrences(fileId);
    moveTo(o[1]!.start + HOUR);
    await (await as('patient.open')).start(fileId, { formId: ids.hf!, occurrenceId: o[1]!.occurrenceId });
    // The history table refuses this file's FORM_RESPONSE entries.
    await db.execute(sql.raw(`create or replace function refuse_form_response_history() returns trigger language plpgsql as $$
      begin if new.type = 'FORM_RESPONSE' and new.patient_file_id = '${fileId}' then raise exception 'history refused'; end if; return new; end $$`));
    await db.execute(sql`create trigger refuse_form_response_history before insert on patient_file_history for each row execute function refuse_form_response_history()`);
    try {
      const res = await answerHf(fileId, o[1]!.occurrenceId!, { skipEarlierLate: true });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'internal_error', message: expect.any(String) });
    } finally {
      await db.execute(sql`drop trigger refuse_form_response_history on patient_file_history`);
    }
    expect(await answeredResponses(fileId)).toEqual([]);
    const list = await occurrences(fileId);
    expect(list.slice(0, 2).map((t) => [t.status, t.late])).toEqual([['available', true], ['ongoing', false]]);
    // And once the history can be written, the same answer goes through.
    expect((await answerHf(fileId, o[1]!.occurrenceId!, { skipEarlierLate: true })).status).toBe(201);
  });
});

describe('server-side validation of the answers (ajv, against the form version)', () => {
  let fileId: string;
  let occurrenceId: string;
  beforeAll(async () => {
    ({ fileId } = await fileWith(ids.hf!, ids.postOp!, ids.showcase!, ids.phq9!));
    occurrenceId = (await occurrences(fileId))[0]!.occurrenceId!;
  });

  // Issue 8: every question to correct is listed with its pointer, its title in the form's language and a message in words.
  it.each([
    ['fr', 'Réponses à corriger (1), à commencer par « Poids du jour (kg) » : Répondez à cette question.', 'Poids du jour (kg)', 'Répondez à cette question.'],
    ['en', 'Answers to correct (1), starting with “Today\'s weight (kg)”: Answer this question.', "Today's weight (kg)", 'Answer this question.'],
    ['ar', 'إجابات تحتاج إلى تصحيح (1)، أولها «وزن اليوم (كغ)»: أجب عن هذا السؤال.', 'وزن اليوم (كغ)', 'أجب عن هذا السؤال.'],
  ])('names a missing mandatory answer, in %s', async (l, message, title, reason) => {
    const answers = { ...hfAnswer() } as Record<string, unknown>;
    delete answers.weight;
    const res = await answerHf(fileId, occurrenceId, { answers, l });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'answer_invalid', field: 'body.answers.weight', message, errors: [{ field: 'body.answers.weight', pointer: '/weight', title, message: reason }] });
  });

  it('uses the language of the account when the call names none', async () => {
    const res = await (await as('caregiver')).answer(fileId, { formId: ids.phq9!, answers: {} });
    expect(res.body.message).toContain('Répondez à cette question.');
  });

  it.each([
    ['a number given as text', 'heart-failure-daily', { weight: '72' }, 'body.answers.weight', { en: 'Enter a number.', fr: 'Saisissez un nombre.' }],
    ['a value out of range', 'heart-failure-daily', { pillows: 9 }, 'body.answers.pillows', { en: 'Enter a value of at most 6.' }],
    ['an unknown option', 'post-operative-follow-up', { woundAspect: 'purple' }, 'body.answers.woundAspect', {}],
    ['a photo required by if/then (wound not clean)', 'post-operative-follow-up', { woundAspect: 'oozing', woundPhoto: undefined }, 'body.answers.woundPhoto', { en: 'Answer this question.' }],
    ['a nested required answer', 'schema-showcase', { identity: { birthDate: '1958-03-14' } }, 'body.answers.identity.firstName', { en: 'Answer this question.' }],
    ['an item of a list', 'schema-showcase', { medications: [{ name: 'Bisoprolol', dose: 2.5, unit: 'kg' }] }, 'body.answers.medications.0.unit', {}],
    ['the branch of oneOf the answer chose', 'schema-showcase', { identity: { firstName: 'A', birthDate: '1958-03-14', contact: { channel: 'email', email: 'camille.example.org' } } }, 'body.answers.identity.contact.email', { en: 'Enter a full e-mail address' }],
    ['a dependency', 'schema-showcase', { smoker: 'current', packYears: undefined }, 'body.answers.packYears', { en: 'Answer this question.' }],
    ['a range depending on if/then/else', 'schema-showcase', { units: 'imperial' }, 'body.answers.height', { en: 'Enter a value of at most 100.' }],
  ])('refuses %s, naming the field', async (_case, form, change, field, messages) => {
    const formId = { 'heart-failure-daily': ids.hf, 'post-operative-follow-up': ids.postOp, 'schema-showcase': ids.showcase }[form]!;
    const answers = JSON.parse(JSON.stringify({ ...sampleAnswer(form), ...change }));
    const target = form === 'schema-showcase' ? {} : { occurrenceId: (await occurrences(fileId, formId))[0]!.occurrenceId };
    for (const l of ['en', 'fr', 'ar']) {
      const res = await (await as('patient.open')).answer(fileId, { formId, ...target, answers }, l);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 'answer_invalid', field });
      const expected = (messages as Record<string, string>)[l];
      if (expected) expect(res.body.message).toContain(expected);
    }
  });

  it('refuses answers that are not an object before reaching the questionnaire (validation_error)', async () => {
    const res = await answerHf(fileId, occurrenceId, { answers: [1, 2] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_error', field: 'body.answers' });
  });

  it('stores the values it computed itself, never values sent by the client', async () => {
    const withComputed = await (await as('patient.open')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9'), computed: { total: 99 } } as never);
    expect(withComputed.status).toBe(400);
    // A computed value sent as an answer is not a question of the form: refused, not silently dropped.
    const asAnswer = await (await as('patient.open')).answer(fileId, { formId: ids.phq9!, answers: { ...sampleAnswer('phq-9'), total: 99 } });
    expect([asAnswer.status, asAnswer.body.code, asAnswer.body.field]).toEqual([400, 'answer_invalid', 'body.answers.total']);
    const res = await (await as('patient.open')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
    expect(res.status, res.text).toBe(201);
    const stored = (await (await as('prescriber')).response(res.body.id)).body;
    expect(stored.computed).toEqual({ total: 9 });
  });
});

describe('isolation of responses between establishments', () => {
  let fileId: string;
  let responseId: string;
  beforeAll(async () => {
    ({ fileId } = await fileWith(ids.phq9!));
    responseId = (await (await as('patient.open')).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') })).body.id;
  });

  it.each([['prescriber'], ['pro.two'], ['operator'], ['patient.open'], ['caregiver']])('shows the responses to %s', async (local) => {
    const c = await as(local);
    const list = await c.responses(fileId);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([responseId]);
    expect((await c.response(responseId)).status).toBe(200);
  });

  it.each([['admin.establishment'], ['patient.multi'], ['manager'], ['admin']])('answers 404 to %s for the list, the response, the tasks and the form', async (local) => {
    const c = await as(local);
    expect((await c.responses(fileId)).status).toBe(404);
    const one = await c.response(responseId);
    expect(one.status).toBe(404);
    expect(one.body.code).toBe('not_found');
    expect((await c.tasks(fileId)).status).toBe(404);
    expect((await c.definition(fileId, ids.phq9!)).status).toBe(404);
  });

  it('answers 404 for a response that does not exist', async () => {
    expect((await (await as('prescriber')).response(randomUUID())).status).toBe(404);
  });
});

describe('reading responses', () => {
  it('lists the answered responses newest first, with dates, limit date and the definition only for one response', async () => {
    const { fileId } = await fileWith(ids.hf!, ids.phq9!);
    const [o0] = await occurrences(fileId);
    const patient = await as('patient.open');
    await patient.start(fileId, { formId: ids.hf!, occurrenceId: o0!.occurrenceId });
    const startedAt = gw.clock.now().toISOString();
    gw.clock.advance(5 * 60_000);
    const first = await answerHf(fileId, o0!.occurrenceId!);
    gw.clock.advance(60_000);
    const second = await patient.answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
    await patient.start(fileId, { formId: ids.phq9! }); // an ongoing one is not listed

    const list = (await (await as('prescriber')).responses(fileId)).body.data;
    expect(list.map((r: { id: string }) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(list[0].definition).toBeUndefined();
    expect(list[1]).toMatchObject({
      formId: ids.hf, formName: "Suivi quotidien de l'insuffisance cardiaque", version: 1, occurrenceId: o0!.occurrenceId,
      startedAt, answeredAt: new Date(Date.parse(startedAt) + 5 * 60_000).toISOString(),
      endAt: o0!.endAt, limitAt: o0!.limitAt, answers: hfAnswer(), computed: { weightGain: 2.4, symptoms: 2 },
    });
    const one = (await (await as('prescriber')).response(first.body.id)).body;
    expect(one.definition).toMatchObject({ id: 'heart-failure-daily', reference: 'HF-DAILY' });
    expect((await patient.definition(fileId, ids.hf!)).body).toMatchObject({ formId: ids.hf, version: 1, definition: { id: 'heart-failure-daily' } });
    expect((await patient.definition(fileId, ids.gad7!)).status).toBe(404);
  });
});

describe('what is kept of an answer (issue 8, Security 5)', () => {
  const showcase = () => sampleAnswer('schema-showcase') as Record<string, unknown>;
  const sendShowcase = async (fileId: string, answers: unknown, l?: string) => (await as('patient.open')).answer(fileId, { formId: ids.showcase!, answers }, l);

  it.each([
    ['at the top', (a: Record<string, unknown>) => ({ ...a, note: '<img src=x onerror=alert(1)>' }), '/note'],
    ['inside a group', (a: Record<string, unknown>) => ({ ...a, identity: { ...(a.identity as object), nickname: 'x' } }), '/identity/nickname'],
    ['inside a branch of oneOf', (a: Record<string, unknown>) => ({ ...a, identity: { ...(a.identity as object), contact: { channel: 'email', email: 'c@example.org', fax: '1' } } }), '/identity/contact/fax'],
    ['inside an item of a list', (a: Record<string, unknown>) => ({ ...a, medications: [{ name: 'Bisoprolol', dose: 2.5, unit: 'mg', html: '<b>' }] }), '/medications/0/html'],
  ])('refuses a property the form does not define %s, naming it (400 answer_invalid), and keeps nothing', async (_where, change, pointer) => {
    const { fileId } = await fileWith(ids.showcase!);
    for (const l of ['fr', 'en', 'ar']) {
      const res = await sendShowcase(fileId, change(showcase()), l);
      expect([res.status, res.body.code], res.text).toEqual([400, 'answer_invalid']);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    expect(await answeredResponses(fileId)).toEqual([]);
  });

  it('accepts every property the form defines, those of the branches not chosen included', async () => {
    const { fileId } = await fileWith(ids.showcase!);
    const a = showcase();
    // rjsf keeps what was typed in a branch the patient left (email here, while the phone branch is chosen).
    const res = await sendShowcase(fileId, { ...a, identity: { ...(a.identity as object), contact: { channel: 'phone', phone: '+33 6 12 34 56 78', email: 'c@example.org' } } });
    expect(res.status, res.text).toBe(201);
  });

  it('refuses a text answer longer than 10 000 characters when its question sets no limit (400), and a body over 256 KiB (413)', async () => {
    const { fileId } = await fileWith(ids.hf!, ids.postOp!);
    const [o0] = await occurrences(fileId);
    const [postOp] = await occurrences(fileId, ids.postOp!);
    // The wound photo's answer is a text (the file's id) whose question sets no maxLength.
    const long = await (await as('patient.open')).answer(fileId, {
      formId: ids.postOp!, occurrenceId: postOp!.occurrenceId, answers: { ...sampleAnswer('post-operative-follow-up'), letter: undefined, woundPhoto: 'a'.repeat(10_001) },
    });
    expect([long.status, long.body.code, long.body.field], long.text).toEqual([400, 'answer_invalid', 'body.answers.woundPhoto']);
    const huge = await answerHf(fileId, o0!.occurrenceId!, { answers: { ...hfAnswer(), comment: `<p>${'x'.repeat(900 * 1024)}</p>` } });
    expect([huge.status, huge.body.code]).toEqual([413, 'payload_too_large']);
    expect(await answeredResponses(fileId)).toEqual([]);
  });

  it('accepts 20 sends of a free questionnaire per file in 24 hours, refuses the next with 429 in fr/en/ar, and accepts again once the oldest is a day old', async () => {
    const { fileId } = await fileWith(ids.phq9!);
    const [patient, caregiver] = [await as('patient.open'), await as('caregiver')];
    const first = gw.clock.now().getTime();
    for (let i = 0; i < 20; i++) {
      const res = await (i % 2 ? caregiver : patient).answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') });
      expect(res.status, res.text).toBe(201);
      gw.clock.advance(60_000);
    }
    const expected = {
      fr: 'Ce questionnaire a déjà été envoyé 20 fois ces dernières 24 heures pour ce dossier : réessayez plus tard.',
      en: 'This questionnaire has already been sent 20 times in the last 24 hours for this file: try again later.',
      ar: 'بلغ هذا الاستبيان الحد الأقصى لعدد الإرسالات (20) خلال الساعات الأربع والعشرين الماضية لهذا الملف: حاول مرة أخرى لاحقًا.',
    };
    for (const [l, message] of Object.entries(expected)) {
      const res = await patient.answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') }, l);
      expect([res.status, res.body], res.text).toEqual([429, { code: 'free_form_limit_reached', message }]);
    }
    // Another file's free questionnaire has its own count.
    const other = await fileWith(ids.phq9!);
    expect((await patient.answer(other.fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') })).status).toBe(201);
    moveTo(first + 24 * HOUR + 1);
    expect((await patient.answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') })).status).toBe(201);
    expect(await answeredResponses(fileId)).toHaveLength(21);
  });

  it('are the ones docs/integrators.md states', () => {
    const doc = readFileSync(new URL('../../docs/integrators.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('### What is kept of an answer'));
    expect(section).toContain(`at most ${MAX_ANSWER_TEXT.toLocaleString('fr').replace(/\s/g, ' ')} characters`);
    expect(section).toContain(`at most ${MAX_ANSWER_BODY_BYTES / 1024} KiB`);
    expect(section).toContain(`at most ${FREE_RESPONSES_PER_DAY} responses per patient file in any 24 hours`);
  });

  it('counts sends arriving together: of 25 at once beyond none, exactly 20 are kept', async () => {
    const { fileId } = await fileWith(ids.phq9!);
    const patient = await as('patient.open');
    const results = await Promise.all(Array.from({ length: 25 }, () => patient.answer(fileId, { formId: ids.phq9!, answers: sampleAnswer('phq-9') }).then((r) => r)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(20).fill(201), ...Array(5).fill(429)]);
    expect(await answeredResponses(fileId)).toHaveLength(20);
  });
});
