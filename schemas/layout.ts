/**
 * A layout document (docs/integrators.md, "A layout"): which blocks a screen shows and where. Grid position
 * `{x, y, w, h}` is kept apart from the block's `props`. Integrators point `$schema` at
 * /ui/schemas/layout to get validation in their editor.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { PRIVILEGES, ROLES } from './common.ts';
import { localizedTextSchema } from './localized-text.ts';
import { BLOCK_PROPS } from './blocks/index.ts';

/** The version documents are upgraded to when loaded (server/ui/layouts/migrations.ts). */
export const LAYOUT_SCHEMA_VERSION = 2;

/** Pages of the spec that render from layouts; integrators may add pages of their own. */
export const CORE_PAGES = ['patient-home', 'professional-dashboard', 'patient-file-summary'] as const;
/** Pages the interface editor offers (spec 000 §2: patient-file summary and professional dashboard). */
export const EDITABLE_PAGES = ['patient-file-summary', 'professional-dashboard'] as const;

export const pageIdSchema = { type: 'string', pattern: '^[a-z][a-z0-9-]{0,62}$' } as const;

const cell = { type: 'integer', minimum: 0, maximum: 1000 } as const;

export const blockSchema = {
  type: 'object',
  required: ['id', 'type', 'x', 'y', 'w', 'h', 'props'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    type: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,62}$' },
    x: cell,
    y: cell,
    w: { type: 'integer', minimum: 1, maximum: 24 },
    h: { type: 'integer', minimum: 1, maximum: 100 },
    props: { type: 'object' },
    visibleFor: {
      type: 'object',
      additionalProperties: false,
      description: 'Only these roles or privileges see the block',
      properties: {
        roles: { type: 'array', items: { type: 'string', enum: ROLES }, minItems: 1 },
        privileges: { type: 'array', items: { type: 'string', enum: PRIVILEGES }, minItems: 1 },
      },
    },
  },
} as const;

export const layoutBaseSchema = {
  type: 'object',
  required: ['id', 'page', 'schemaVersion', 'grid', 'blocks'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    id: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,100}$' },
    page: pageIdSchema,
    schemaVersion: { type: 'integer', const: LAYOUT_SCHEMA_VERSION },
    title: localizedTextSchema,
    grid: {
      type: 'object',
      required: ['cols', 'rowHeight'],
      additionalProperties: false,
      properties: {
        cols: { type: 'integer', minimum: 1, maximum: 24 },
        rowHeight: { type: 'integer', minimum: 10, maximum: 400 },
      },
    },
    blocks: { type: 'array', maxItems: 200, items: blockSchema },
  },
} as const;
export type LayoutDocument = FromSchema<typeof layoutBaseSchema>;
export type LayoutBlock = LayoutDocument['blocks'][number];

/** The full contract: the base document, and each known block type's props checked against its schema. */
export const layoutSchema = {
  $id: 'layout',
  title: 'Telesuivi screen layout',
  ...layoutBaseSchema,
  properties: {
    ...layoutBaseSchema.properties,
    blocks: {
      ...layoutBaseSchema.properties.blocks,
      items: {
        ...blockSchema,
        allOf: Object.entries(BLOCK_PROPS).map(([type, props]) => ({
          if: { properties: { type: { const: type } } },
          then: { properties: { props } },
        })),
      },
    },
  },
} as const;
