/**
 * vitest globalSetup of the unit and API tests: migrates one in-memory PGlite and dumps it, so
 * that every test file opens its throwaway database from the dump instead of creating and
 * migrating a cluster of its own (3.5 s each on this machine).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/client.ts';
import { PGLITE_TEMPLATE_ENV } from './database.ts';

export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), 'telesuivi-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
