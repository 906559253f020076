/** Issue 2 §3: demo data is provisioned once, on an empty database only. */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/shared/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_ESTABLISHMENTS } from '../../server/demo/accounts.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { establishments, patientFiles, users } from '../../server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let provisioned: TestDatabase;
let inUse: TestDatabase;
beforeAll(async () => { [provisioned, inUse] = await Promise.all([createTestDatabase(), createTestDatabase()]); });
afterAll(async () => { await Promise.all([provisioned?.drop(), inUse?.drop()]); });

const counts = async (db: TestDatabase) => {
  const d = db.database.db;
  const [[u], [e], [f]] = await Promise.all([
    d.select({ n: count() }).from(users), d.select({ n: count() }).from(establishments), d.select({ n: count() }).from(patientFiles),
  ]);
  return { users: u!.n, establishments: e!.n, patientFiles: f!.n };
};

describe('provisionDemo', () => {
  it('provisions an empty database, then skips it, leaving the same data', async () => {
    expect(await provisionDemo(provisioned.database.db)).toBe('provisioned');
    const first = await counts(provisioned);
    expect(first).toEqual({ users: DEMO_ACCOUNTS.length, establishments: DEMO_ESTABLISHMENTS.length, patientFiles: DEMO_ACCOUNTS.flatMap((a) => a.files ?? []).length });
    expect(await provisionDemo(provisioned.database.db)).toBe('skipped');
    expect(await counts(provisioned)).toEqual(first);
  });

  it('leaves alone a database that already has users of its own', async () => {
    await inUse.database.db.insert(users).values({
      email: 'someone@hospital.example', passwordHash: await hashPassword('a real password'), roles: ['ROLE_ADMIN'], firstName: 'Some', lastName: 'One',
    });
    expect(await provisionDemo(inUse.database.db)).toBe('skipped');
    expect(await counts(inUse)).toEqual({ users: 1, establishments: 0, patientFiles: 0 });
  });

  it('covers every case the issue lists', () => {
    const cases = DEMO_ACCOUNTS.map((a) => a.email.split('@')[0]);
    expect(cases).toEqual(expect.arrayContaining([
      'patient.open', 'patient.closed', 'patient.multi', 'caregiver', 'prescriber', 'operator', 'manager',
      'admin.establishment', 'superadmin', 'pro.two', 'admin', 'new.terms', 'new.consent',
    ]));
  });
});
