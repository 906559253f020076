/**
 * The list pattern (schemas/common.ts listProperties, server/lists/): the sorts a list declares
 * become its `sort` enum and its ORDER BY, with the id breaking ties in the same direction; page
 * sizes are spec 001 §9's unless a list adds its own; page is bounded so the offset stays exact.
 */
import Ajv from 'ajv';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, INT32_MAX, listProperties, PAGE_SIZES, sortValues } from '../../schemas/common.ts';
import { ESTABLISHMENT_PAGE_SIZES } from '../../schemas/establishments.ts';
import { establishments } from '../../server/db/schema.ts';
import { defineSorts, orderOf } from '../../server/lists/sort.ts';
import { pageOfRows } from '../../server/lists/page.ts';

const SORTS = defineSorts({ name: [establishments.name], identifier: [establishments.identifier, establishments.name] }, establishments.id);
const orderBy = (sort: Parameters<typeof orderOf<'name' | 'identifier'>>[1]) =>
  new PgDialect().sqlToQuery(sql.join(orderOf(SORTS, sort), sql`, `)).sql;

describe('sorts', () => {
  it('offers each declared field ascending and descending', () => {
    expect(sortValues(['name', 'identifier'])).toEqual(['name', 'identifier', '-name', '-identifier']);
  });

  it.each([
    ['name', '"establishments"."name" asc, "establishments"."id" asc'],
    ['-name', '"establishments"."name" desc, "establishments"."id" desc'],
    ['-identifier', '"establishments"."identifier" desc, "establishments"."name" desc, "establishments"."id" desc'],
  ] as const)('%s orders by its columns, then the id in the same direction', (sort, expected) => {
    expect(orderBy(sort)).toBe(expected);
  });

  it('an undeclared sort fails loudly instead of ordering by nothing', () => {
    expect(() => orderBy('email' as 'name')).toThrow(/Unknown sort 'email'/);
  });
});

describe('listProperties', () => {
  const ajv = new Ajv({ coerceTypes: true, useDefaults: true });
  const validate = ajv.compile({
    type: 'object', additionalProperties: false,
    properties: listProperties({ sorts: ['name'], defaultSort: 'name' }),
  });
  const accepts = (value: Record<string, unknown>) => validate({ ...value });

  it('fills the defaults: page 1, 15 per page, the default sort', () => {
    const value: Record<string, unknown> = {};
    expect(validate(value)).toBe(true);
    expect(value).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: 'name' });
  });

  it.each(PAGE_SIZES)('accepts page size %i (spec 001 §9)', (pageSize) => expect(accepts({ pageSize })).toBe(true));

  it.each([
    ['a page size not offered', { pageSize: 16 }],
    ['999 where the list did not add it', { pageSize: 999 }],
    ['page 0', { page: 0 }],
    ['a page past INT32_MAX', { page: INT32_MAX + 1 }],
    ['an undeclared sort', { sort: 'email' }],
    ['a descending sort of an undeclared field', { sort: '-email' }],
  ])('refuses %s', (_, value) => expect(accepts(value)).toBe(false));

  it('a list may add its own sizes: the structures picker loads 999', () => {
    const structures = ajv.compile({ type: 'object', properties: listProperties({ sorts: ['name'], defaultSort: 'name', pageSizes: ESTABLISHMENT_PAGE_SIZES }) });
    expect(structures({ pageSize: 999 })).toBe(true);
    expect(structures({ pageSize: 15 })).toBe(true);
    expect(structures({ pageSize: 1000 })).toBe(false);
  });
});

describe('pageOfRows', () => {
  it('reads the rows of the page and the total together', async () => {
    const asked: [number, number][] = [];
    const page = await pageOfRows({ page: 3, pageSize: 15 }, {
      rows: async (limit, offset) => { asked.push([limit, offset]); return ['a']; },
      count: async () => 31,
    });
    expect(asked).toEqual([[15, 30]]);
    expect(page).toEqual({ data: ['a'], totalItems: 31, page: 3, pageSize: 15 });
  });

  it('the largest page and page size give an exact offset, far below bigint', async () => {
    let offset = 0;
    await pageOfRows({ page: INT32_MAX, pageSize: 999 }, { rows: async (_, o) => { offset = o; return []; }, count: async () => 0 });
    expect(Number.isSafeInteger(offset)).toBe(true);
    expect(offset).toBe((INT32_MAX - 1) * 999);
    expect(BigInt(offset) < 2n ** 63n).toBe(true);
  });
});
