/**
 * Layout schemaVersion upgrades (Grafana's model): step N turns a version-N document into
 * version N+1. Each step has its own test (tests/unit/layout-migrations.test.ts). Documents are
 * upgraded when loaded, from files or from the database.
 */
import { LAYOUT_SCHEMA_VERSION } from '../../../schemas/layout.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const LAYOUT_MIGRATIONS: Record<number, (doc: Json) => Json> = {
  /**
   * 1 → 2: version 1 kept a block's grid position inside `layout: {x, y, w, h}` and its
   * settings in `options`; position now sits on the block and settings in `props`.
   */
  1: (doc) => ({
    ...doc,
    schemaVersion: 2,
    blocks: Array.isArray(doc.blocks) ? doc.blocks.map((block: unknown) => {
      if (!isObject(block)) return block;
      const { layout, options, ...rest } = block;
      const position = isObject(layout) ? layout : {};
      return { ...rest, x: position.x, y: position.y, w: position.w, h: position.h, props: options ?? rest.props ?? {} };
    }) : doc.blocks,
  }),
};

/** Applies every step from the document's version up to the current one. */
export function upgradeLayout(input: unknown): unknown {
  if (!isObject(input) || typeof input.schemaVersion !== 'number') return input;
  let doc = input;
  for (let v = input.schemaVersion; v < LAYOUT_SCHEMA_VERSION; v++) {
    const step = LAYOUT_MIGRATIONS[v];
    if (!step) return doc; // unknown old version: validation reports it
    doc = step(doc);
  }
  return doc;
}
