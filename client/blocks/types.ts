/**
 * What a block type is (docs/integrators.md, "Block types"): a stable id saved in layouts, aliases for renames, a
 * translatable name, a default size and a lazily loaded component; its props schema
 * (schemas/blocks) comes with the editor. What a block component receives: its props and
 * where it is shown.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { BlockType } from '../../schemas/blocks/index.ts';

/** Where a layout is rendered: the area, its structure, and the patient file when there is one. */
export interface BlockContext {
  area: 'patient' | 'professional';
  /** The active structure, or the establishment of the patient's file. */
  structureId: string;
  patientFileId?: string;
  /** Absolute address of the area's base (`/p/0`, `/s/1`): relative links resolve against it. */
  areaHref: string;
  /** The editor shows blocks without loading their data. */
  preview?: boolean;
}

export interface BlockComponentProps<P = Record<string, unknown>> {
  props: P;
  context: BlockContext;
}

export type PageId = 'patient-home' | 'professional-dashboard' | 'patient-file-summary';

export interface BlockDefinition {
  id: BlockType;
  aliasIds?: readonly string[];
  defaultSize: { w: number; h: number };
  component: LazyExoticComponent<ComponentType<BlockComponentProps<never>>>;
  /** Starts loading the component's chunk before it is drawn (lazy-block.ts). */
  preload(): void;
}

/**
 * What only the editor needs of a type (`<type>/editing.ts`): kept out of the registry that
 * every screen loads, so that the first screens do not carry the props schemas.
 */
export interface BlockEditing {
  /** The type's props schema, from schemas/blocks. */
  propsSchema: object;
  /** Props of a block just dropped from the palette; must satisfy the props schema. */
  defaultProps: Record<string, unknown>;
  /** Pages the editor's palette offers it on; generic blocks go everywhere. */
  pages?: readonly PageId[];
}

/** i18n key of a type's translatable name (its id never changes, so neither does the key). */
export const blockNameKey = (id: string) => `blocks.types.${id}`;
