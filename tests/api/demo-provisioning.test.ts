/** Issue 2 §3: demo data is provisioned once, on an empty database only. */
import { count, eq, like, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/shared/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_ESTABLISHMENTS } from '../../server/demo/accounts.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import { DEMO_PATIENT_DOMAIN } from '../../server/demo/population.ts';
import { establishments, patientFiles, users } from '../../server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let provisioned: TestDatabase;
let inUse: TestDatabase;
beforeAll(async () => { [provisioned, inUse] = await Promise.all([createTestDatabase(), createTestDatabase()]); });
afterAll(async () => { await Promise.all([provisioned?.drop(), inUse?.drop()]); });

const counts = async (db: TestDatabase) => {
  const d = db.database.db;
  // The demo accounts and their files; the demo population (population.ts, patients and relatives of
  // its own e-mail domain) is counted apart: tests/api/demo-population.test.ts checks it.
  const population = `%@${DEMO_PATIENT_DOMAIN}`;
  const [[u], [e], [f], [p]] = await Promise.all([
    d.select({ n: count() }).from(users).where(notLike(users.email, population)), d.select({ n: count() }).from(establishments),
    d.select({ n: count() }).from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId)).where(notLike(users.email, population)),
    d.select({ n: count() }).from(users).where(like(users.email, population)),
  ]);
  return { users: u!.n, establishments: e!.n, patientFiles: f!.n, population: p!.n };
};

describe('provisionDemo', () => {
  it('provisions an empty database, then skips it, leaving the same data', async () => {
    expect(await provisionDemo(provisioned.database.db)).toBe('provisioned');
    const first = await counts(provisioned);
    expect(first).toEqual({
      users: DEMO_ACCOUNTS.length, establishments: DEMO_ESTABLISHMENTS.length, patientFiles: DEMO_ACCOUNTS.flatMap((a) => a.files ?? []).length,
      population: expect.any(Number),
    });
    expect(first.population).toBeGreaterThan(40);
    expect(await provisionDemo(provisioned.database.db)).toBe('skipped');
    expect(await counts(provisioned)).toEqual(first);
  });

  it('leaves alone a database that already has users of its own', async () => {
    await inUse.database.db.insert(users).values({
      email: 'someone@hospital.example', passwordHash: await hashPassword('a real password'), roles: ['ROLE_ADMIN'], firstName: 'Some', lastName: 'One',
    });
    expect(await provisionDemo(inUse.database.db)).toBe('skipped');
    expect(await counts(inUse)).toEqual({ users: 1, establishments: 0, patientFiles: 0, population: 0 });
  });

  it('covers every case the issue lists', () => {
    const cases = DEMO_ACCOUNTS.map((a) => a.email.split('@')[0]);
    expect(cases).toEqual(expect.arrayContaining([
      'patient.open', 'patient.closed', 'patient.multi', 'caregiver', 'prescriber', 'operator', 'manager',
      'admin.establishment', 'superadmin', 'pro.two', 'admin', 'new.terms', 'new.consent',
    ]));
  });
});
