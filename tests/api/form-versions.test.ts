/**
 * GET /forms/{id}/versions: the versions of a questionnaire for its validation screen
 * (surveys/:id/validation), open to the managers and super admins of its establishment only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { formIdOf } from '../helpers/questionnaires.ts';

let gw: TestGateway;
const ids: Record<string, string> = {};

beforeAll(async () => {
  gw = await startGateway();
  const db = gw.db.database.db;
  ids.postOp = await formIdOf(db, 'chu-azur', 'POST-OP');
  ids.phq9Tilleuls = await formIdOf(db, 'clinique-des-tilleuls', 'PHQ-9');
});
afterAll(async () => { await gw?.close(); });

async function versions(account: string, formId: string) {
  const b = await login(gw.app, demoEmail(account));
  return b.agent.get(`/api/forms/${formId}/versions?l=en`);
}

describe('GET /forms/{id}/versions', () => {
  it.each(['manager', 'superadmin'])('gives %s of CHU Azur every version, newest first, the current one flagged', async (account) => {
    const res = await versions(account, ids.postOp!);
    expect(res.status, res.text).toBe(200);
    expect(res.body.reference).toBe('POST-OP');
    expect(res.body.submissionType).toBe('PLANNED');
    expect(res.body.data.length).toBeGreaterThanOrEqual(1);
    expect(res.body.data[0]).toMatchObject({ formId: ids.postOp, version: 1, current: true, definition: { id: 'post-operative-follow-up' } });
  });

  it.each([
    ['a prescriber (no validation privilege)', 'prescriber', 'postOp'],
    ['an operator', 'operator', 'postOp'],
    ['a patient', 'patient.open', 'postOp'],
    ['a manager of another establishment\'s form', 'manager', 'phq9Tilleuls'],
  ])('answers 404 to %s', async (_label, account, form) => {
    expect((await versions(account, ids[form]!)).status).toBe(404);
  });

  it('answers 404 for a form that does not exist', async () => {
    expect((await versions('manager', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
