/** Contracts of the gateway's UI catalogue (/ui): runtime config, logos, published schemas, status, layouts. */
import { errorResponses, localeOnlyQuerySchema } from '../common.ts';
import {
  layoutParamsSchema, layoutQuerySchema, layoutSaveBodySchema, layoutSavedSchema, layoutStatusSchema, layoutVersionListSchema,
  layoutVersionParamsSchema,
} from '../layout-api.ts';
import { layoutBaseSchema } from '../layout.ts';
import { runtimeConfigSchema } from '../runtime-config.ts';
import { defineRoute } from './contract.ts';

const tags = ['ui'] as const;
const saved = { 200: layoutSavedSchema, ...errorResponses } as const;

export const uiRoutes = {
  config: defineRoute({
    method: 'GET', url: '/ui/config', tags, summary: 'Runtime configuration of the client',
    querystring: localeOnlyQuerySchema, response: { 200: runtimeConfigSchema },
  }),
  logo: defineRoute({
    method: 'GET', url: '/ui/logos/:slug.svg', tags, summary: 'A brand logo, or the default one',
    params: { type: 'object', required: ['slug'], properties: { slug: { type: 'string', pattern: '^[a-z0-9-]{1,63}$' } } }, response: {},
  }),
  schema: defineRoute({
    method: 'GET', url: '/ui/schemas/*', tags, summary: 'A published JSON Schema (layout, theme, runtime-config, blocks/<type>)',
    params: { type: 'object', properties: { '*': { type: 'string', maxLength: 100 } } }, response: {},
  }),
  status: defineRoute({
    method: 'GET', url: '/ui/status', tags,
    summary: 'ok, or degraded when a provisioned file is invalid; the files and their errors for the admins of their scope',
    querystring: localeOnlyQuerySchema, response: { 200: layoutStatusSchema },
  }),
} as const;

export const layoutRoutes = {
  /** Sent as stored (ETag, 304): the schema types the answer; the server does not serialize it again. */
  get: defineRoute({
    method: 'GET', url: '/ui/layouts/:page', tags, summary: 'The layout of a page for the active structure (ETag, 304)',
    params: layoutParamsSchema, querystring: layoutQuerySchema, response: { 200: layoutBaseSchema, ...errorResponses },
  }),
  save: defineRoute({
    method: 'PUT', url: '/ui/layouts/:page', tags, summary: "Saves a new version of the establishment's layout, or of the user's own",
    params: layoutParamsSchema, querystring: layoutQuerySchema, body: layoutSaveBodySchema, response: saved,
  }),
  versions: defineRoute({
    method: 'GET', url: '/ui/layouts/:page/versions', tags, summary: 'Saved versions, newest first',
    params: layoutParamsSchema, querystring: layoutQuerySchema, response: { 200: layoutVersionListSchema, ...errorResponses },
  }),
  restore: defineRoute({
    method: 'POST', url: '/ui/layouts/:page/versions/:version/restore', tags, summary: 'Makes an older version the one in force (as a new version)',
    params: layoutVersionParamsSchema, querystring: layoutQuerySchema, response: saved,
  }),
  reset: defineRoute({
    method: 'POST', url: '/ui/layouts/:page/reset', tags, summary: 'Goes back to the provisioned layout (as a new version)',
    params: layoutParamsSchema, querystring: layoutQuerySchema, response: saved,
  }),
} as const;
