/**
 * The storage contract (server/storage/types.ts), one suite run against both drivers: the
 * database (chunks in file_chunks, on PGlite or PostgreSQL) and S3 against a real S3-protocol
 * server (tests/helpers/s3-server.ts: TEST_S3_ENDPOINT, else s3rver in process).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks } from '../../server/db/schema.ts';
import { databaseStorage } from '../../server/storage/database.ts';
import { s3Storage } from '../../server/storage/s3.ts';
import type { Storage } from '../../server/storage/types.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';

const MB = 1_048_576;

/** `size` bytes of a repeatable pattern, made 64 KiB at a time as the reader asks. */
function bytes(size: number, seed = 1): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const n = Math.min(65_536, size - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) chunk[i] = (sent + i) * seed % 251;
      sent += n;
      this.push(chunk);
    },
  });
}

async function digest(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) { hash.update(chunk as Buffer); size += (chunk as Buffer).length; }
  return { size, sha256: hash.digest('hex') };
}

/** A source that fails after `after` bytes, as an upload cut off or refused half-way. */
function failing(after: number, error: Error): Readable {
  const source = bytes(after);
  async function* withError() {
    yield* source;
    throw error;
  }
  return Readable.from(withError(), { objectMode: false });
}

interface Driver { storage: Storage; stored(): Promise<number>; close(): Promise<void> }

const drivers: [string, () => Promise<Driver>][] = [
  ['database', async () => {
    const db: TestDatabase = await createTestDatabase();
    const d = db.database.db;
    return {
      storage: databaseStorage(d),
      stored: async () => (await d.select({ n: count() }).from(fileChunks))[0]!.n,
      close: () => db.drop(),
    };
  }],
  ['s3', async () => {
    const s3: TestS3 = await startTestS3();
    const storage = s3Storage(s3.config);
    return {
      storage,
      stored: async () => (await s3.keys()).length,
      async close() { await storage.close(); await s3.close(); },
    };
  }],
];

describe.each(drivers)('%s storage', (_name, open) => {
  let driver: Driver;
  let storage: Storage;
  beforeAll(async () => { driver = await open(); storage = driver.storage; });
  afterAll(async () => { await driver?.close(); });

  it('gives back exactly the bytes it took, streamed in and out (11 MB: several chunks and parts)', async () => {
    const size = 11 * MB + 12_345;
    const { key, size: stored } = await storage.put(bytes(size));
    expect(stored).toBe(size);
    const back = await storage.get(key);
    expect(back).toBeDefined();
    expect(await digest(back!)).toEqual(await digest(bytes(size)));
  });

  it('makes its own keys: random, the same bytes twice are two objects', async () => {
    const a = await storage.put(Readable.from([Buffer.from('%PDF-1.4 a')]));
    const b = await storage.put(Readable.from([Buffer.from('%PDF-1.4 a')]));
    expect(a.key).toMatch(/^f-[0-9a-f]{32}$/);
    expect(b.key).not.toBe(a.key);
    expect((await digest((await storage.get(b.key))!)).size).toBe(10);
  });

  it('keeps an empty file as one (no bytes, but there)', async () => {
    const { key, size } = await storage.put(Readable.from([]));
    expect(size).toBe(0);
    expect(await digest((await storage.get(key))!)).toEqual({ size: 0, sha256: createHash('sha256').digest('hex') });
  });

  it('answers undefined for a key it does not hold, and deletes', async () => {
    expect(await storage.get('f-00000000000000000000000000000000')).toBeUndefined();
    const { key } = await storage.put(bytes(1000));
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it.each([
    ['before the first chunk', 1000],
    ['after several chunks and parts', 6 * MB + 7],
  ])('keeps nothing of a stream that fails %s, and throws its error', async (_case, after) => {
    const before = await driver.stored();
    const error = new Error('cut off');
    await expect(storage.put(failing(after, error))).rejects.toBe(error);
    expect(await driver.stored()).toBe(before);
  });
});
