/**
 * Issue 18, what professionals hit: every screen a role may open works for that role, or the
 * navigation does not offer it. For each demo professional and each screen of the professional
 * route table (client/app/routes/professional-screens.ts) that reads a record on load, the client's
 * own guard (guardStructureRoute, from GET /api/me/privileges) and the call the screen makes must
 * agree: a screen the guard lets through loads (200), a screen it refuses is one whose call is
 * not found (404) — never a screen offered that then says "Introuvable". PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivilegeEntry } from '../../schemas/me.ts';
import { guardStructureRoute } from '../../client/app/guards/route-guard.ts';
import { professionalScreens } from '../../client/app/routes/professional-screens.ts';
import { alertBatches, pathologies, patientConditions, patientFiles, services } from '../../server/db/schema.ts';
import { demoEmail, login, startGateway, type TestGateway } from '../helpers/app.ts';
import { establishmentIdOf } from '../helpers/demo-data.ts';

let gw: TestGateway;
let azur: string;
let tilleuls: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  gw = await startGateway();
  const db = gw.db.database.db;
  azur = await establishmentIdOf(db, 'chu-azur');
  tilleuls = await establishmentIdOf(db, 'clinique-des-tilleuls');
  // A file of CHU Azur's Cardiologie with a condition, its patient, and an alert batch.
  const [file] = await db.select({ id: patientFiles.id, patientId: patientFiles.patientId }).from(patientFiles)
    .innerJoin(services, eq(services.id, patientFiles.serviceId))
    .where(and(eq(services.establishmentId, azur), eq(services.name, 'Cardiologie'), eq(patientFiles.status, 'OPEN'))).limit(1);
  const [pathology] = await db.select({ id: pathologies.id }).from(pathologies).where(eq(pathologies.establishmentId, azur)).limit(1);
  const [condition] = await db.insert(patientConditions).values({ patientFileId: file!.id, pathologyId: pathology!.id }).onConflictDoNothing().returning({ id: patientConditions.id });
  ids.condition = condition?.id ?? (await db.select({ id: patientConditions.id }).from(patientConditions).where(eq(patientConditions.patientFileId, file!.id)))[0]!.id;
  ids.person = file!.patientId;
  const [batch] = await db.insert(alertBatches).values({ patientFileId: file!.id, source: 'MEASURES' }).returning({ id: alertBatches.id });
  ids.batch = batch!.id;
});
afterAll(async () => { await gw?.close(); });

/** A screen of the route table and the call it makes on load (its feature's api/ hook). */
const LOADS: Record<string, (establishmentId: string) => { method: 'get' | 'post'; url: string; body?: object }> = {
  alerts: (e) => ({ method: 'get', url: `/api/establishments/${e}/alerts?page=1&pageSize=15&sort=-raisedAt` }),
  alertsBatch: () => ({ method: 'get', url: `/api/alert_batches/${ids.batch}` }),
  patientFiles: (e) => ({ method: 'post', url: `/api/establishments/${e}/patient_files/search`, body: { page: 1, pageSize: 10 } }),
  medicalProtocols: (e) => ({ method: 'get', url: `/api/establishments/${e}/protocols` }),
  condition: () => ({ method: 'get', url: `/api/conditions/${ids.condition}` }),
  patientProfile: () => ({ method: 'get', url: `/api/persons/${ids.person}` }),
};

describe('a screen the navigation offers loads for the role; one it does not, it refuses', () => {
  it.each([
    ['manager', 'chu-azur'], ['superadmin', 'chu-azur'], ['prescriber', 'chu-azur'], ['operator', 'chu-azur'], ['admin.establishment', 'clinique-des-tilleuls'],
  ] as const)('%s in %s', async (account, establishment) => {
    const structureId = establishment === 'chu-azur' ? azur : tilleuls;
    const b = await login(gw.app, demoEmail(account));
    const entries = (await b.agent.get('/api/me/privileges').expect(200)).body as PrivilegeEntry[];
    for (const [screenId, load] of Object.entries(LOADS)) {
      const screen = professionalScreens.find((s) => s.id === screenId)!;
      const offered = guardStructureRoute({ attemptedPath: `/s/0/${screen.path}`, structureId, entries, required: screen.privileges }).allowed;
      const call = load(structureId);
      const res = call.method === 'get' ? await b.agent.get(call.url) : await b.agent.post(call.url).set('x-csrf-token', b.csrf).send(call.body);
      // The records are CHU Azur's: a role of another establishment is refused both ways.
      expect(`${screenId}: ${offered ? 'offered' : 'not offered'} → ${res.status}`, res.text).toBe(`${screenId}: ${offered ? 'offered → 200' : 'not offered → 404'}`);
    }
  });
});
