/**
 * server/db/schema.ts and the SQL migrations cannot drift (docs/architecture.md §7). The database
 * is an empty one migrated by the app's migrator (openDatabase, as at start: the API tests'
 * template, made once per run by tests/helpers/pglite-template.ts, is exactly that). Beside its
 * `public`, in a schema of its own, it builds what schema.ts declares from drizzle-kit's own SQL
 * (generateMigration from nothing). PostgreSQL then prints both (server/db/shape.ts) and any
 * difference in tables, columns, types, nullability, defaults, keys, constraints or indexes fails,
 * named. What the migrations hold on purpose outside schema.ts is server/db/outside-schema.ts.
 * drizzle-kit's pushSchema() would diff the database directly, but 0.31 sends its introspection
 * queries without their parameters (on PGlite and on node-postgres) and exits the process on failure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import drizzleConfig from '../../server/db/drizzle.config.ts';
import { OUTSIDE_SCHEMA } from '../../server/db/outside-schema.ts';
import * as schema from '../../server/db/schema.ts';
import { diffShapes, readShape, type Shape } from '../../server/db/shape.ts';
import { createTestDatabase, type TestDatabase, usingPostgres } from '../helpers/database.ts';

/** What outside-schema.ts lists that leaves an object in the schema (a key of server/db/shape.ts). */
const objectsOutside = OUTSIDE_SCHEMA.filter((o) => o.kind !== 'extension' && o.kind !== 'data');

/** Where schema.ts is built, beside the migrated `public`. */
const DECLARED = 'declared';

let test: TestDatabase;
let db: Db;
let migrated: Shape;
let declared: Shape;

/** drizzle-kit's SQL for schema.ts from an empty database, run in DECLARED (functions and extensions stay in public). */
async function buildDeclared(): Promise<void> {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`create schema ${DECLARED}`));
    await tx.execute(sql.raw(`set local search_path = ${DECLARED}, public`));
    for (const statement of statements) await tx.execute(sql.raw(statement.replaceAll('"public".', `"${DECLARED}".`)));
  });
}

const migrationsFolder = new URL('../../server/db/migrations/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', migrationsFolder), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.database.db;
  await buildDeclared();
  [migrated, declared] = [await readShape(db, 'public'), await readShape(db, DECLARED)];
});
afterAll(async () => { await test?.drop(); });

describe(`schema.ts and the migrations, on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('make the same tables, columns, keys, constraints and indexes', () => {
    const outside = new Set(objectsOutside.map((o) => o.name));
    const made = new Map([...migrated].filter(([key]) => !outside.has(key)));
    const differences = diffShapes(made, declared);
    expect(differences, `schema.ts and the migrations differ (docs/architecture.md §7):\n  ${differences.join('\n  ')}\n`).toEqual([]);
    // Sanity: the comparison saw the whole model, not two empty schemas.
    expect([...declared.keys()].filter((key) => key.startsWith('table ')).length).toBe(Object.values(schema).filter((v) => is(v, PgTable)).length);
  });

  it('hold outside schema.ts only what server/db/outside-schema.ts lists, each object present', async () => {
    expect(objectsOutside.map((o) => o.name).filter((name) => !migrated.has(name)), 'listed in outside-schema.ts but not made by the migrations').toEqual([]);
    const extensions = (await rows<{ extname: string }>(sql`select extname from pg_extension where extname <> 'plpgsql' order by extname`)).map((r) => r.extname);
    expect(extensions).toEqual(OUTSIDE_SCHEMA.filter((o) => o.kind === 'extension').map((o) => o.name).sort());
    const tags = new Set(journal.entries.map((e) => e.tag));
    expect(OUTSIDE_SCHEMA.filter((o) => !tags.has(o.migration)).map((o) => o.migration)).toEqual([]);
  });

  it('name each difference: a column, an index, a default and a partial index\'s condition changed on one side', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`alter table ${DECLARED}.users add column drift_probe text`));
      await tx.execute(sql.raw(`drop index ${DECLARED}.users_birth_date_idx`));
      await tx.execute(sql.raw(`alter table ${DECLARED}.users alter column language set default 'en'`));
      await tx.execute(sql.raw(`drop index ${DECLARED}.reference_values_active_idx`));
      await tx.execute(sql.raw(`create unique index reference_values_active_idx on ${DECLARED}.reference_values (patient_file_id, indicator_id) where created_by is null`));
    });
    // Read against schema.ts's own build, so that this test names only the changes made here.
    const differences = diffShapes(declared, await readShape(db, DECLARED));
    expect(differences.map((d) => d.split(':')[0])).toEqual([
      'column users.drift_probe', 'column users.language', 'index reference_values.reference_values_active_idx', 'index users.users_birth_date_idx',
    ]);
    expect(differences.find((d) => d.startsWith('column users.drift_probe'))).toBe('column users.drift_probe: declared in schema.ts (text null), missing from the migrated database');
    expect(differences.find((d) => d.startsWith('index users.users_birth_date_idx'))).toMatch(/made by the migrations \(CREATE INDEX users_birth_date_idx ON users USING btree \(birth_date, id, search_name\)\), not declared in schema.ts$/);
    expect(differences.find((d) => d.startsWith('column users.language'))).toContain("default 'fr'::text\n  schema.ts declares\n    text not null default 'en'::text");
  });
});

// Files only, no SQL: checked once, on PGlite.
describe.skipIf(usingPostgres)('the migrations folder', () => {
  it('has its newest snapshot equal to schema.ts: `npm run db:generate` would write nothing', async () => {
    // drizzle-kit diffs schema.ts against the last snapshot only: SQL written by hand without its
    // snapshot would be generated a second time by the next db:generate.
    const snapshots = readdirSync(new URL('meta/', migrationsFolder)).filter((f) => f.endsWith('_snapshot.json')).sort();
    const newest = snapshots.at(-1)!;
    expect(newest.slice(0, 4), 'the newest migration has a snapshot (npm run db:generate writes both)').toBe(journal.entries.at(-1)!.tag.slice(0, 4));
    const last = JSON.parse(readFileSync(new URL(`meta/${newest}`, migrationsFolder), 'utf8')) as Parameters<typeof generateMigration>[0];
    const pending = await generateMigration(last, generateDrizzleJson(schema));
    expect(pending, `schema.ts differs from meta/${newest}; npm run db:generate -- --name <what> would write:\n${pending.join('\n')}\n`).toEqual([]);
  });

  it('is where `npm run db:generate` reads schema.ts and writes the migrations', () => {
    expect([path.resolve(drizzleConfig.schema as string), path.resolve(drizzleConfig.out!)])
      .toEqual([fileURLToPath(new URL('../../server/db/schema.ts', import.meta.url)), fileURLToPath(migrationsFolder).replace(/\/$/, '')]);
  });

  it('lists every SQL file once, in order, each applied after the one before', () => {
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((_, i) => i));
    // The migrator applies only the entries whose `when` is after the last one the database ran:
    // a hand-made `when` earlier than its predecessor's, or in the future, hides the next migrations.
    const misplaced = journal.entries.filter((e, i) => e.when <= (journal.entries[i - 1]?.when ?? 0) || e.when > Date.now());
    expect(misplaced.map((e) => e.tag)).toEqual([]);
  });
});
