import type { FromSchema } from 'json-schema-to-ts';
import { languageSchema } from './common.ts';

/** The client's runtime configuration (spec 001 §3), served at /ui/config. */
export const runtimeConfigSchema = {
  $id: 'runtime-config',
  type: 'object',
  required: ['env', 'version', 'buildDate', 'releaseDate', 'disableConsole', 'strictMode', 'timeRemainingBeforeUserWarn', 'theme', 'host', 'urls', 'errorReporting', 'defaultLanguage', 'languages'],
  additionalProperties: false,
  properties: {
    env: { type: 'string' },
    version: { type: 'string' },
    buildDate: { type: 'string' },
    releaseDate: { type: 'string', format: 'date' },
    disableConsole: { type: 'boolean' },
    strictMode: { type: 'boolean' },
    timeRemainingBeforeUserWarn: { type: 'number', description: 'Minutes of session left when the expiry dialog opens' },
    theme: {
      type: 'object',
      required: ['logo'],
      additionalProperties: false,
      properties: { slug: { type: ['string', 'null'] }, logo: { type: 'string' } },
    },
    host: { type: 'string' },
    urls: {
      type: 'object',
      required: ['self', 'api', 'auth'],
      additionalProperties: false,
      properties: { self: { type: 'string' }, api: { type: 'string' }, auth: { type: 'string' } },
    },
    errorReporting: {
      type: 'object',
      required: ['environment', 'autoSessionTracking', 'tracesSampleRate', 'replaysSessionSampleRate', 'replaysOnErrorSampleRate'],
      additionalProperties: false,
      properties: {
        dsn: { type: ['string', 'null'] },
        environment: { type: 'string' },
        autoSessionTracking: { type: 'boolean' },
        tracesSampleRate: { type: 'number' },
        replaysSessionSampleRate: { type: 'number' },
        replaysOnErrorSampleRate: { type: 'number' },
      },
    },
    defaultLanguage: languageSchema,
    languages: { type: 'array', items: languageSchema },
    termsOfUse: {
      type: 'object',
      description: "The terms of use shown on /accept-cgu, markdown per language: the brand's (layouts/<brand>/terms/<lang>.md), else the default (layouts/default/terms/<lang>.md)",
      additionalProperties: false,
      properties: { fr: { type: 'string' }, en: { type: 'string' }, ar: { type: 'string' } },
    },
  },
} as const;
export type RuntimeConfig = FromSchema<typeof runtimeConfigSchema>;
