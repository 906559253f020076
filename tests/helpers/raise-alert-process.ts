/**
 * Another process raising an alert (tests/api/alerts-live.test.ts): opens the PostgreSQL database
 * given in RAISE_DATABASE_URL with its own pool, raises one THRESHOLD alert on the patient file
 * RAISE_FILE_ID through raiseAlerts() in a transaction, prints the batch as JSON, and exits.
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema.ts';
import { raiseAlerts } from '../../server/care/alerts/raise.ts';

const pool = new pg.Pool({ connectionString: process.env.RAISE_DATABASE_URL, max: 1 });
try {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const fileId = process.env.RAISE_FILE_ID!;
  const [file] = await db.select({ id: schema.patientFiles.id, serviceId: schema.patientFiles.serviceId })
    .from(schema.patientFiles).where(eq(schema.patientFiles.id, fileId));
  if (!file) throw new Error(`no patient file ${fileId}`);
  const batch = await db.transaction((tx) => raiseAlerts(tx, file, { source: 'MEASURES' },
    [{ kind: 'THRESHOLD', crossing: { operator: '>', threshold: 3, value: 3.4, from: 'another process' } }], new Date()));
  process.stdout.write(`${JSON.stringify({ ...batch, pid: process.pid })}\n`);
} finally {
  await pool.end();
}
