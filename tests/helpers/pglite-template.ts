/**
 * vitest globalSetup of the API tests: migrates one in-memory PGlite and dumps it, so that every
 * test file opens its throwaway database from the dump instead of creating and migrating a
 * cluster of its own (3.5 s each on this machine). On PostgreSQL (TEST_DATABASE_URL), migrates
 * one template database that each file's database is created from. Each has a twin with the
 * demo world provisioned, that startGateway's databases start from (tests/helpers/database.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { provisionDemo } from '../../server/demo/provision.ts';
import {
  createPostgresTemplate, DEMO_TEMPLATE_AT_ENV, PG_DEMO_TEMPLATE_ENV, PG_TEMPLATE_ENV, PGLITE_DEMO_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV,
} from './database.ts';

export default async function setup(): Promise<() => Promise<void> | void> {
  const provisionedAt = new Date();
  const demo = (database: Database) => provisionDemo(database.db, provisionedAt);
  process.env[DEMO_TEMPLATE_AT_ENV] = String(provisionedAt.getTime());
  if (process.env.TEST_DATABASE_URL) {
    const template = await createPostgresTemplate(process.env.TEST_DATABASE_URL);
    const demoTemplate = await createPostgresTemplate(process.env.TEST_DATABASE_URL, demo);
    process.env[PG_TEMPLATE_ENV] = template.name;
    process.env[PG_DEMO_TEMPLATE_ENV] = demoTemplate.name;
    return async () => { await Promise.all([template.drop(), demoTemplate.drop()]); };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-pglite-'));
  const dump = async (database: Database, name: string) => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  const database = await openDatabase({ dataDir: 'memory://' });
  process.env[PGLITE_TEMPLATE_ENV] = await dump(database, 'migrated.tar');
  await demo(database);
  process.env[PGLITE_DEMO_TEMPLATE_ENV] = await dump(database, 'demo.tar');
  await database.close();
  return () => rmSync(dir, { recursive: true, force: true });
}
