/**
 * Issue 4 §7: each numbered schemaVersion step of server/shared/layouts/migrations.ts with its own
 * table of cases, upgradeLayout end to end, and every provisioned file under layouts/ valid
 * (so that a broken provisioned file fails CI, not a screen in production).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYOUT_SCHEMA_VERSION } from '../../schemas/layout.ts';
import { BLOCK_TYPES } from '../../schemas/blocks/index.ts';
import { LAYOUT_MIGRATIONS, upgradeLayout } from '../../server/shared/layouts/migrations.ts';
import { LayoutInvalidError, parseLayout } from '../../server/shared/layouts/validate.ts';

type Json = Record<string, unknown>;

const v1Doc = (blocks: unknown) => ({
  $schema: '/ui/schemas/layout', id: 'legacy', page: 'professional-dashboard', schemaVersion: 1,
  title: { fr: 'Ancien', en: 'Legacy' }, grid: { cols: 12, rowHeight: 40 }, blocks,
});

/** Step number → [case, input document, expected output]. Every step must have cases here. */
const STEP_CASES: Record<number, [string, Json, Json][]> = {
  1: [
    [
      'moves `layout` onto the block and `options` into `props`',
      v1Doc([{ id: 'a', type: 'alerts', layout: { x: 1, y: 2, w: 3, h: 4 }, options: { pageSize: 10 } }]),
      { ...v1Doc([{ id: 'a', type: 'alerts', x: 1, y: 2, w: 3, h: 4, props: { pageSize: 10 } }]), schemaVersion: 2 },
    ],
    [
      'keeps visibleFor and the other block fields',
      v1Doc([{ id: 'a', type: 'markdown', layout: { x: 0, y: 0, w: 12, h: 2 }, options: { content: 'Hi' }, visibleFor: { roles: ['ROLE_PATIENT'] } }]),
      { ...v1Doc([{ id: 'a', type: 'markdown', visibleFor: { roles: ['ROLE_PATIENT'] }, x: 0, y: 0, w: 12, h: 2, props: { content: 'Hi' } }]), schemaVersion: 2 },
    ],
    [
      'keeps `props` when a block has no `options`',
      v1Doc([{ id: 'a', type: 'alerts', layout: { x: 0, y: 0, w: 6, h: 6 }, props: { pageSize: 5 } }]),
      { ...v1Doc([{ id: 'a', type: 'alerts', x: 0, y: 0, w: 6, h: 6, props: { pageSize: 5 } }]), schemaVersion: 2 },
    ],
    [
      'prefers `options` over a stray `props`',
      v1Doc([{ id: 'a', type: 'alerts', layout: { x: 0, y: 0, w: 6, h: 6 }, options: { pageSize: 7 }, props: { pageSize: 3 } }]),
      { ...v1Doc([{ id: 'a', type: 'alerts', x: 0, y: 0, w: 6, h: 6, props: { pageSize: 7 } }]), schemaVersion: 2 },
    ],
    [
      'gives empty props to a block without settings',
      v1Doc([{ id: 'a', type: 'alerts', layout: { x: 0, y: 0, w: 6, h: 6 } }]),
      { ...v1Doc([{ id: 'a', type: 'alerts', x: 0, y: 0, w: 6, h: 6, props: {} }]), schemaVersion: 2 },
    ],
    [
      'drops the keys of `layout` that version 2 has no place for',
      v1Doc([{ id: 'a', type: 'alerts', layout: { x: 0, y: 0, w: 6, h: 6, static: true, i: 'a' }, options: {} }]),
      { ...v1Doc([{ id: 'a', type: 'alerts', x: 0, y: 0, w: 6, h: 6, props: {} }]), schemaVersion: 2 },
    ],
    [
      'leaves the position unset when `layout` is missing, for validation to report',
      v1Doc([{ id: 'a', type: 'alerts', options: {} }]),
      { ...v1Doc([{ id: 'a', type: 'alerts', x: undefined, y: undefined, w: undefined, h: undefined, props: {} }]), schemaVersion: 2 },
    ],
    [
      'leaves entries that are not blocks as they are',
      v1Doc([null, 'text', [1]]),
      { ...v1Doc([null, 'text', [1]]), schemaVersion: 2 },
    ],
    [
      'leaves `blocks` alone when it is not an array',
      v1Doc({ a: 1 }),
      { ...v1Doc({ a: 1 }), schemaVersion: 2 },
    ],
    [
      'upgrades an empty layout',
      v1Doc([]),
      { ...v1Doc([]), schemaVersion: 2 },
    ],
  ],
};

describe('LAYOUT_MIGRATIONS', () => {
  it('has one step for every version below the current one, each with its cases', () => {
    const expected = Array.from({ length: LAYOUT_SCHEMA_VERSION - 1 }, (_, i) => String(i + 1));
    expect(Object.keys(LAYOUT_MIGRATIONS)).toEqual(expected);
    expect(Object.keys(STEP_CASES)).toEqual(expected);
  });

  describe.each(Object.entries(STEP_CASES))('step %s', (step, cases) => {
    const migrate = LAYOUT_MIGRATIONS[Number(step)]!;

    it.each(cases)('%s', (_case, input, expected) => {
      const copy = structuredClone(input);
      const output = migrate(input);
      expect(output).toStrictEqual(expected);
      expect(output.schemaVersion).toBe(Number(step) + 1);
      // The input is not modified.
      expect(input).toStrictEqual(copy);
    });
  });
});

describe('upgradeLayout', () => {
  const current = {
    id: 'now', page: 'patient-home', schemaVersion: LAYOUT_SCHEMA_VERSION, grid: { cols: 12, rowHeight: 40 },
    blocks: [{ id: 'a', type: 'markdown', x: 0, y: 0, w: 12, h: 2, props: { content: 'Hello' } }],
  };

  it('returns a current document as it is', () => {
    expect(upgradeLayout(current)).toBe(current);
  });

  it('upgrades a version 1 document to one that validates', () => {
    const legacy = v1Doc([
      { id: 'alerts', type: 'alerts', layout: { x: 0, y: 0, w: 8, h: 6 }, options: { pageSize: 10 } },
      { id: 'note', type: 'markdown', layout: { x: 8, y: 0, w: 4, h: 2 }, options: { content: { fr: 'Note', en: 'Note' } } },
    ]);
    const upgraded = upgradeLayout(legacy) as Json;
    expect(upgraded.schemaVersion).toBe(LAYOUT_SCHEMA_VERSION);
    expect(parseLayout(legacy)).toStrictEqual(upgraded);
    expect(parseLayout(legacy).blocks.map((b) => [b.id, b.x, b.y, b.w, b.h, b.props])).toEqual([
      ['alerts', 0, 0, 8, 6, { pageSize: 10 }],
      ['note', 8, 0, 4, 2, { content: { fr: 'Note', en: 'Note' } }],
    ]);
  });

  it('leaves what it cannot upgrade for validation to report', () => {
    for (const input of [null, 'layout', 42, [], { id: 'x' }, { schemaVersion: '1' }]) expect(upgradeLayout(input)).toBe(input);
    // No step 0: returned unchanged, and refused by the schema.
    const ancient = { ...current, schemaVersion: 0 };
    expect(upgradeLayout(ancient)).toBe(ancient);
    expect(() => parseLayout(ancient)).toThrow(LayoutInvalidError);
    // A newer version than this gateway knows is not touched either.
    const future = { ...current, schemaVersion: LAYOUT_SCHEMA_VERSION + 1 };
    expect(upgradeLayout(future)).toBe(future);
    expect(() => parseLayout(future)).toThrow('/schemaVersion: must be equal to constant');
  });

  it('reports the errors of an upgraded document at their current path', () => {
    const legacy = v1Doc([{ id: 'a', type: 'alerts', layout: { x: 10, y: 0, w: 4, h: 6 }, options: {} }]);
    expect(() => parseLayout(legacy)).toThrow(LayoutInvalidError);
    expect(() => parseLayout(legacy)).toThrow('/blocks/0: x + w (14) exceeds grid.cols (12)');
    expect(() => parseLayout(v1Doc([{ id: 'a', type: 'alerts', options: {} }]))).toThrow("/blocks/0: must have required property 'x'");
  });
});

describe('provisioned layouts under layouts/', () => {
  const root = fileURLToPath(new URL('../../layouts', import.meta.url));
  const pageFiles = readdirSync(root)
    .filter((scope) => statSync(path.join(root, scope)).isDirectory())
    .flatMap((scope) => {
      const pages = path.join(root, scope, 'pages');
      try {
        return readdirSync(pages).filter((f) => f.endsWith('.json')).map((f) => `${scope}/pages/${f}`);
      } catch {
        return [];
      }
    });

  it('include the default pages of the spec', () => {
    for (const page of ['patient-home', 'professional-dashboard', 'patient-file-summary']) expect(pageFiles).toContain(`default/pages/${page}.json`);
  });

  it.each(pageFiles)('%s validates, is current, names its own page and uses known block types', (file) => {
    const json = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    const document = parseLayout(json);
    expect(json.schemaVersion, 'provisioned files are kept at the current schemaVersion').toBe(LAYOUT_SCHEMA_VERSION);
    expect(`${document.page}.json`).toBe(path.basename(file));
    expect(json.$schema).toBe('/ui/schemas/layout');
    for (const block of document.blocks) expect(BLOCK_TYPES, `${file}: block ${block.id}`).toContain(block.type);
  });
});
