/** The demo patients get questionnaires once the gateway has synced the provisioned forms. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { provisionDemoAssignments } from '../../server/demo/assignments.ts';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { patientFileIdsOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
beforeAll(async () => { gw = await startGateway(); });
afterAll(async () => { await gw.close(); });

it("assigns the demo questionnaires once, so that patient.open's My Tasks lists them", async () => {
  const db = gw.db.database.db;
  expect(await provisionDemoAssignments(db, gw.clock.now())).toBe('provisioned');
  expect(await provisionDemoAssignments(db, gw.clock.now())).toBe('skipped');
  const [fileId] = await patientFileIdsOf(db, 'patient.open');
  const patient = await login(gw.app, demoEmail('patient.open'));
  const tasks = (await patient.agent.get(`/api/patient_files/${fileId}/tasks`).expect(200)).body.data as { reference: string; status: string }[];
  expect(new Set(tasks.map((t) => t.reference))).toEqual(new Set(['HF-DAILY', 'POST-OP', 'PHQ-9']));
  expect(tasks.find((t) => t.reference === 'HF-DAILY' && t.status === 'available')).toBeDefined();
  expect(tasks.find((t) => t.reference === 'PHQ-9')!.status).toBe('free');
});
