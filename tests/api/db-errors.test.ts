/**
 * server/db/errors.ts on the real database (PGlite here, PostgreSQL with `npm run test:pg`): a
 * unique index's refusal becomes 409 NOT_UNIQUE_ERROR on the field it is about (or the caller's
 * error), a foreign key's refusal the caller's "in use" error, and anything else is rethrown as
 * it was. Each driver puts the SQLSTATE and the index name on its own error under drizzle's
 * DrizzleQueryError; an ON DELETE RESTRICT key says 23001 on PostgreSQL 16+ (PGlite) and 23503
 * on 15: both must read as "in use".
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import {
  databaseErrorOf, isReferenceViolation, isUniqueViolation, restricted, SQLSTATE, unique,
} from '../../server/db/errors.ts';
import { establishments, indicators, indicatorTypes, units } from '../../server/db/schema.ts';
import { AppError } from '../../server/errors.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let test: TestDatabase;
let db: Db;
let establishmentId: string;
let unitId: string;
let typeId: string;

/** What a call threw (the test fails if it did not). */
async function thrown(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}
const answer = (error: unknown) => {
  expect(error).toBeInstanceOf(AppError);
  const e = error as AppError;
  return [e.statusCode, e.code, e.field];
};
const insertUnit = (symbol: string, name = `Unité ${randomUUID()}`) =>
  db.insert(units).values({ establishmentId, ucumCode: 'kg', name: { fr: name }, symbol }).returning({ id: units.id });

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.database.db;
  const [est] = await db.insert(establishments).values({ identifier: `db-errors-${randomUUID()}`, name: 'Errors' }).returning();
  establishmentId = est!.id;
  [{ id: unitId }] = (await insertUnit('kg', 'Kilogramme')) as [{ id: string }];
  const [type] = await db.insert(indicatorTypes).values({ establishmentId, name: { fr: 'Constantes' } }).returning({ id: indicatorTypes.id });
  typeId = type!.id;
  await db.insert(indicators).values({ establishmentId, reference: 'weight', name: { fr: 'Poids' }, typeId, unitId });
});
afterAll(async () => { await test?.drop(); });

describe('a unique violation', () => {
  it('is read with the index that refused the row, under drizzle\'s wrapper, on this driver', async () => {
    const error = await thrown(() => insertUnit('kg'));
    expect(error).not.toBeInstanceOf(AppError);
    expect(databaseErrorOf(error)).toEqual({ code: SQLSTATE.uniqueViolation, constraint: 'units_symbol_idx' });
    expect([isUniqueViolation(error), isUniqueViolation(error, 'units_symbol_idx'), isUniqueViolation(error, 'units_name_idx')]).toEqual([true, true, false]);
  });

  it('answers 409 NOT_UNIQUE_ERROR on the field of the index it names, inside a transaction too', async () => {
    const indexes = { units_name_idx: 'body.name', units_symbol_idx: 'body.symbol' };
    expect(answer(await thrown(() => unique(indexes, () => insertUnit('kg'))))).toEqual([409, 'NOT_UNIQUE_ERROR', 'body.symbol']);
    // The name index is on lower(name ->> 'fr'): a change of case is the same name.
    const inTransaction = () => db.transaction(async (tx) => {
      await tx.insert(units).values({ establishmentId, ucumCode: 'g', name: { fr: 'KILOGRAMME' }, symbol: `g-${randomUUID()}` });
    });
    expect(answer(await thrown(() => unique(indexes, inTransaction)))).toEqual([409, 'NOT_UNIQUE_ERROR', 'body.name']);
  });

  it('answers the caller\'s own error when it maps the index to one', async () => {
    const taken = () => new AppError(409, 'unit_in_use', {}, 'body.ucumCode');
    expect(answer(await thrown(() => unique({ units_symbol_idx: taken }, () => insertUnit('kg'))))).toEqual([409, 'unit_in_use', 'body.ucumCode']);
  });

  it('of an index the caller did not name is rethrown as it was', async () => {
    const error = await thrown(() => unique({ units_name_idx: 'body.name' }, () => insertUnit('kg')));
    expect(error).not.toBeInstanceOf(AppError);
    expect(isUniqueViolation(error, 'units_symbol_idx')).toBe(true);
  });
});

describe('a foreign key', () => {
  it('restricting a delete answers the caller\'s "in use" error, and the row stays', async () => {
    const raw = await thrown(() => db.delete(units).where(eq(units.id, unitId)));
    expect([isReferenceViolation(raw), isUniqueViolation(raw)]).toEqual([true, false]);
    expect(databaseErrorOf(raw)?.constraint).toBe('indicators_unit_id_units_id_fk');
    const inUse = () => new AppError(409, 'unit_in_use', {}, 'params.unitId');
    expect(answer(await thrown(() => restricted(inUse, () => db.delete(units).where(eq(units.id, unitId)))))).toEqual([409, 'unit_in_use', 'params.unitId']);
    expect(await db.select({ id: units.id }).from(units).where(eq(units.id, unitId))).toHaveLength(1);
  });

  it('refusing a row that names a missing record is a reference violation too (23503)', async () => {
    const error = await thrown(() => db.insert(indicators).values({ establishmentId, reference: 'x', name: { fr: 'X' }, typeId, unitId: randomUUID() }));
    expect(databaseErrorOf(error)?.code).toBe(SQLSTATE.foreignKeyViolation);
    expect(isReferenceViolation(error)).toBe(true);
  });
});

describe('anything else', () => {
  it('is rethrown untouched by both', async () => {
    const other = new Error('disk on fire');
    const inUse = () => new AppError(409, 'unit_in_use');
    expect(await thrown(() => unique({ units_symbol_idx: 'body.symbol' }, () => Promise.reject(other)))).toBe(other);
    expect(await thrown(() => restricted(inUse, () => Promise.reject(other)))).toBe(other);
    // A database error that is neither (a malformed uuid: 22P02) is not mistaken for one.
    const invalid = await thrown(() => restricted(inUse, () => db.delete(units).where(eq(units.id, 'not-a-uuid'))));
    expect(invalid).not.toBeInstanceOf(AppError);
    expect(databaseErrorOf(invalid)?.code).toBe('22P02');
  });
  it('returns the write\'s result when nothing is refused', async () => {
    const [row] = await unique({ units_symbol_idx: 'body.symbol' }, () => insertUnit(`s-${randomUUID()}`));
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
