/**
 * vitest globalSetup of the API tests: migrates one in-memory PGlite and dumps it, so that every
 * test file opens its throwaway database from the dump instead of creating and migrating a
 * cluster of its own (3.5 s each on this machine). On PostgreSQL (TEST_DATABASE_URL), migrates
 * one template database that each file's database is created from.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/client.ts';
import { createPostgresTemplate, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './database.ts';

export default async function setup(): Promise<() => Promise<void> | void> {
  if (process.env.TEST_DATABASE_URL) {
    const template = await createPostgresTemplate(process.env.TEST_DATABASE_URL);
    process.env[PG_TEMPLATE_ENV] = template.name;
    return () => template.drop();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
