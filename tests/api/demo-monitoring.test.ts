/**
 * The demo telemonitoring (issue 11 §9, server/demo/monitoring.ts) on a real database: the
 * heart-failure protocol applied to Camille Martin with its history, 90 days of measures for the
 * demo patients evaluated against their thresholds, pending recent alerts and closed older ones
 * (each closure with its history), a non-compliance rule — and a second run changes nothing.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, measures, nonObservanceRules, patientFileHistory, patientFileProtocols, patientFiles, users } from '../../server/db/schema.ts';
import { provisionDemoAssignments } from '../../server/demo/assignments.ts';
import { provisionDemoMonitoring } from '../../server/demo/monitoring.ts';
import { startGateway, type TestGateway } from '../helpers/app.ts';

describe('demo telemonitoring', () => {
  let gw: TestGateway;
  const now = new Date();
  beforeAll(async () => {
    gw = await startGateway();
    await provisionDemoAssignments(gw.db.database.db, now);
    expect(await provisionDemoMonitoring(gw.db.database.db, now)).toBe('provisioned');
  }, 300_000);
  afterAll(async () => { await gw?.close(); });

  const db = () => gw.db.database.db;
  async function camilleFile() {
    const [file] = await db().select({ id: patientFiles.id }).from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId))
      .where(and(eq(users.email, 'patient.open@demo.telesuivi.test'), eq(patientFiles.status, 'OPEN')));
    return file!.id;
  }

  it('applies the heart-failure protocol to Camille Martin, with its history entry', async () => {
    const fileId = await camilleFile();
    const applied = await db().select().from(patientFileProtocols).where(eq(patientFileProtocols.patientFileId, fileId));
    expect(applied).toHaveLength(1);
    expect(applied[0]!.active).toBe(true);
    const [entry] = await db().select().from(patientFileHistory).where(and(eq(patientFileHistory.patientFileId, fileId), eq(patientFileHistory.type, 'PROTOCOL_ASSIGNED')));
    expect(entry).toBeDefined();
  });

  it('gives Camille Martin about 90 days of each vital sign, with gaps', async () => {
    const fileId = await camilleFile();
    const rows = await db().select({ days: sql<number>`count(distinct date_trunc('day', ${measures.measuredAt}))::int`, n: count() })
      .from(measures).where(eq(measures.patientFileId, fileId));
    expect(rows[0]!.days).toBeGreaterThan(70);
    expect(rows[0]!.days).toBeLessThan(90);
  });

  it('leaves recent alerts pending and the older ones closed by the prescriber, each with its history', async () => {
    const fileId = await camilleFile();
    const rows = await db().select().from(alerts).where(eq(alerts.patientFileId, fileId));
    const pending = rows.filter((a) => a.status === 'PENDING');
    const closed = rows.filter((a) => a.status === 'CLOSED');
    expect(pending.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((a) => a.closedBy && a.alertStatusId)).toBe(true);
    const [closures] = await db().select({ n: count() }).from(patientFileHistory)
      .where(and(eq(patientFileHistory.patientFileId, fileId), eq(patientFileHistory.type, 'ALERT_CLOSED')));
    expect(closures!.n).toBe(closed.length);
    // The weight rise of the last days crossed the protocol's weight thresholds.
    expect(pending.some((a) => (a.crossing as { mode?: string }).mode === 'RELATIVE')).toBe(true);
  });

  it('sets a non-compliance rule for the patient who stopped sending', async () => {
    const [rules] = await db().select({ n: count() }).from(nonObservanceRules).where(sql`${nonObservanceRules.patientFileId} is not null and ${nonObservanceRules.patientFileProtocolId} is null`);
    expect(rules!.n).toBe(1);
  });

  it('runs once', async () => {
    const [before] = await db().select({ n: count() }).from(measures);
    expect(await provisionDemoMonitoring(db(), now)).toBe('skipped');
    const [after] = await db().select({ n: count() }).from(measures);
    expect(after!.n).toBe(before!.n);
  });
});
