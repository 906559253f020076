/** Ids of the demo world, read from the database the gateway under test uses. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { establishments, patientFiles, users } from '../../server/db/schema.ts';
import { demoEmail } from './app.ts';

export async function userIdOf(db: Db, local: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail(local)));
  if (!row) throw new Error(`no demo user ${local}`);
  return row.id;
}

/** A demo patient's files, oldest first (the order of the demo accounts' `files`). */
export async function patientFileIdsOf(db: Db, local: string): Promise<string[]> {
  const rows = await db.select({ id: patientFiles.id }).from(patientFiles)
    .where(eq(patientFiles.patientId, await userIdOf(db, local))).orderBy(asc(patientFiles.createdAt));
  return rows.map((r) => r.id);
}

export async function establishmentIdOf(db: Db, identifier: 'chu-azur' | 'clinique-des-tilleuls'): Promise<string> {
  const [row] = await db.select({ id: establishments.id }).from(establishments).where(eq(establishments.identifier, identifier));
  if (!row) throw new Error(`no establishment ${identifier}`);
  return row.id;
}
