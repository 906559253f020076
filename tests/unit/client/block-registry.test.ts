import { lazy } from 'react';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { BLOCK_PROPS, BLOCK_TYPES } from '../../../schemas/blocks/index.ts';
import { blockRegistry } from '../../../client/blocks/index.ts';
import { BLOCK_EDITING } from '../../../client/blocks/editing.ts';
import { BlockRegistry } from '../../../client/blocks/registry.ts';
import { blockNameKey, type BlockDefinition } from '../../../client/blocks/types.ts';
import en from '../../../client/locales/en.json' with { type: 'json' };

const definition = (id: string, aliasIds?: string[]): BlockDefinition => ({
  id: id as BlockDefinition['id'], aliasIds, defaultSize: { w: 1, h: 1 },
  component: lazy(async () => ({ default: () => null })),
  preload: () => {},
});

describe('block registry', () => {
  it('knows every block type of schemas/blocks, with that props schema', () => {
    expect(blockRegistry.ids().sort()).toEqual([...BLOCK_TYPES].sort());
    for (const type of BLOCK_TYPES) expect(BLOCK_EDITING[type].propsSchema).toBe(BLOCK_PROPS[type]);
  });

  it.each(BLOCK_TYPES)('%s: default props valid, default size within the grid, a translated name', (type) => {
    const d = blockRegistry.get(type)!;
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(BLOCK_EDITING[type].propsSchema);
    expect(validate(BLOCK_EDITING[type].defaultProps), JSON.stringify(validate.errors)).toBe(true);
    expect(d.defaultSize.w).toBeGreaterThanOrEqual(1);
    expect(d.defaultSize.w).toBeLessThanOrEqual(12);
    expect(d.defaultSize.h).toBeGreaterThanOrEqual(1);
    expect(blockNameKey(type)).toBe(`blocks.types.${type}`);
    expect((en.blocks.types as Record<string, string>)[type]).toBeTruthy();
  });

  it.each([
    ['the same id twice', [definition('markdown'), definition('markdown')], "Duplicate block type id 'markdown'"],
    ['an alias equal to another id', [definition('markdown'), definition('alerts', ['markdown'])], "Duplicate block type id 'markdown'"],
    ['one alias in two types', [definition('markdown', ['text']), definition('alerts', ['text'])], "Duplicate block type id 'text'"],
  ])('throws when built with %s', (_, definitions, message) => {
    expect(() => new BlockRegistry(definitions)).toThrow(message);
  });

  it.each([
    ['its id', 'markdown', 'markdown'],
    ['a former id (alias)', 'text', 'markdown'],
    ['an unknown id', 'no-such-block', undefined],
  ])('finds a type by %s', (_, id, expected) => {
    const registry = new BlockRegistry([definition('markdown', ['text']), definition('alerts')]);
    expect(registry.get(id)?.id).toBe(expected);
    expect(registry.list()).toHaveLength(2);
  });
});
