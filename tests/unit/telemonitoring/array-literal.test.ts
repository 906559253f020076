/**
 * arrayLiteral (server/db/array-literal.ts): a column of a batch insert as one PostgreSQL array
 * literal. PostgreSQL itself (an in-memory PGlite) reads each element back as it was given:
 * texts with quotes, backslashes, braces, commas, spaces and the word NULL; null; numbers with
 * conversion noise, exponents and -0; timestamps; uuids.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral } from '../../../server/db/array-literal.ts';

let pg: PGlite;
beforeAll(async () => { pg = new PGlite('memory://'); await pg.waitReady; }, 60_000);
afterAll(async () => { await pg.close(); });

async function readBack(type: string, literal: string): Promise<unknown[]> {
  const result = await pg.query<{ v: unknown }>(`select v::text as v from unnest($1::${type}[]) with ordinality as t(v, n) order by n`, [literal]);
  return result.rows.map((row) => row.v);
}

describe('arrayLiteral', () => {
  it('gives texts back exactly, whatever they hold, and null as null', async () => {
    const texts = ['mm[Hg]', '{beats}/min', 'a"b', 'back\\slash', 'a,b', ' spaced ', 'NULL', '', 'é°C', '"}'];
    expect(await readBack('text', arrayLiteral([...texts, null]))).toEqual([...texts, null]);
  });

  it('gives doubles back to the bit, as JavaScript wrote them', async () => {
    const numbers = [0.30000000000000004, 5.550747020182509, 1e21, 1.5e-300, -0, 38.5, -12, 123456.1234567891];
    const back = (await readBack('float8', arrayLiteral(numbers))).map(Number);
    expect(back).toEqual(numbers.map((n) => (Object.is(n, -0) ? 0 : n)));
  });

  it('carries uuids and ISO timestamps', async () => {
    const ids = ['0b7f3c36-8a51-4c43-9a8e-0c2a6f8f7c11', null];
    expect(await readBack('uuid', arrayLiteral(ids))).toEqual(ids);
    const at = new Date('2026-03-29T01:30:00.123Z');
    const [text] = await readBack('timestamptz', arrayLiteral([at.toISOString()]));
    expect(new Date(String(text)).getTime()).toBe(at.getTime());
  });
});
