/**
 * One registry of block types (Grafana's model): looked up by stable id or alias; a duplicate
 * id or alias throws when the registry is built, at start, so a clash never reaches a screen.
 */
import type { BlockDefinition } from './types.ts';

export class BlockRegistry {
  private readonly byId = new Map<string, BlockDefinition>();

  constructor(definitions: readonly BlockDefinition[]) {
    for (const definition of definitions) {
      for (const key of [definition.id, ...(definition.aliasIds ?? [])]) {
        if (this.byId.has(key)) throw new Error(`Duplicate block type id '${key}' (${this.byId.get(key)!.id} and ${definition.id})`);
        this.byId.set(key, definition);
      }
    }
  }

  /** The type saved under this id or one of its former ids; undefined for an unknown type. */
  get(id: string): BlockDefinition | undefined {
    return this.byId.get(id);
  }

  /** Every type once, in registration order. */
  list(): BlockDefinition[] {
    return [...new Set(this.byId.values())];
  }

  /** Known ids, for the 'unknown block' card and error messages. */
  ids(): string[] {
    return this.list().map((d) => d.id);
  }
}
