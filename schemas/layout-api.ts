/** Calls of the UI catalogue's layouts (/ui/layouts). */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeSchema, languageSchema, positiveIntegerSchema } from './common.ts';
import { pageIdSchema } from './layout.ts';
import { recordId } from './api/record-id.ts';

export const layoutParamsSchema = {
  type: 'object',
  required: ['page'],
  additionalProperties: false,
  properties: { page: pageIdSchema },
} as const;
export type LayoutParams = FromSchema<typeof layoutParamsSchema>;

export const layoutVersionParamsSchema = {
  type: 'object',
  required: ['page', 'version'],
  additionalProperties: false,
  properties: { page: pageIdSchema, version: positiveIntegerSchema },
} as const;
export type LayoutVersionParams = FromSchema<typeof layoutVersionParamsSchema>;

export const LAYOUT_SCOPES = ['establishment', 'personal'] as const;

export const layoutQuerySchema = {
  type: 'object',
  required: ['structure'],
  additionalProperties: false,
  properties: {
    l: languageSchema,
    structure: { ...recordId('establishment'), description: "The active structure, or the establishment of the patient's file" },
    /** GET: `effective` (default) includes the user's own layout; `establishment` skips it. */
    source: { type: 'string', enum: ['effective', 'establishment'], default: 'effective' },
    scope: { type: 'string', enum: LAYOUT_SCOPES, default: 'establishment' },
  },
} as const;
export type LayoutQuery = FromSchema<typeof layoutQuerySchema>;

export const layoutSaveBodySchema = {
  type: 'object',
  required: ['document'],
  additionalProperties: false,
  properties: {
    /** Checked against /ui/schemas/layout by the route, which reports the path inside the document. */
    document: { type: 'object' },
    message: { type: 'string', maxLength: 500, default: '' },
  },
} as const;
export type LayoutSaveBody = FromSchema<typeof layoutSaveBodySchema>;

export const layoutSavedSchema = {
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: { version: positiveIntegerSchema },
} as const;

export const layoutVersionListSchema = {
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['version', 'createdAt', 'message', 'reset', 'author'],
        additionalProperties: false,
        properties: {
          version: positiveIntegerSchema,
          createdAt: dateTimeSchema,
          message: { type: 'string' },
          reset: { type: 'boolean', description: 'This version went back to the provisioned layout' },
          author: { type: 'string' },
        },
      },
    },
  },
} as const;

/** /ui/status: `status` for everyone; `layouts` only to those who administer the files' scopes. */
export const layoutStatusSchema = {
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded'], description: 'degraded: at least one provisioned file is invalid (its last valid version is served)' },
    layouts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['file', 'state', 'checkedAt'],
        additionalProperties: false,
        properties: {
          file: { type: 'string' },
          state: { type: 'string', enum: ['ok', 'invalid'] },
          error: { type: 'string' },
          checkedAt: dateTimeSchema,
        },
      },
    },
  },
} as const;
