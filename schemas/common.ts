/** Shared building blocks of the API contracts. Types come from these with json-schema-to-ts. */
import type { FromSchema } from 'json-schema-to-ts';

export const LANGUAGES = ['fr', 'en', 'ar'] as const;
export const PRIVILEGES = ['OPERATOR', 'PRESCRIBER', 'MANAGER', 'ADMIN_ESTABLISHMENT', 'SUPER_ADMIN'] as const;
export const ROLES = ['ROLE_ADMIN', 'ROLE_PROFESSIONAL', 'ROLE_PATIENT'] as const;
export const PATIENT_FILE_STATUSES = ['OPEN', 'CLOSED', 'AWAITING'] as const;

export const languageSchema = { type: 'string', enum: LANGUAGES } as const;
export const privilegeSchema = { type: 'string', enum: PRIVILEGES } as const;
export const roleSchema = { type: 'string', enum: ROLES } as const;
export const uuidSchema = { type: 'string', format: 'uuid' } as const;
export const dateTimeSchema = { type: 'string', format: 'date-time' } as const;

/**
 * Every integer of a contract is bounded (tests/api/malformed-requests.test.ts checks it): JSON and
 * query strings carry numbers like 1e300 or 2^63 that are integers to JSON Schema but overflow
 * PostgreSQL's `integer` (versions, sizes) or `bigint` (an offset of page × pageSize), which
 * answered 500. INT32_MAX is the largest value of a PostgreSQL `integer` column.
 */
export const INT32_MAX = 2_147_483_647;
/** 1, 2, 3…: versions, page numbers, counts of things a person made. */
export const positiveIntegerSchema = { type: 'integer', minimum: 1, maximum: INT32_MAX } as const;
/** 0, 1, 2…: totals, sizes in bytes. */
export const countSchema = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;

export const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'Stable machine-readable code' },
    message: { type: 'string', description: 'Readable message in the language of the request' },
    field: { type: 'string', description: 'Where the input was wrong, for validation errors' },
    errors: {
      type: 'array',
      description: 'Every invalid field when there are several (answers to a questionnaire), each with its own message',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string', description: 'As `field`: body.answers.episodes.0.severity' },
          pointer: { type: 'string', description: 'JSON Pointer in the submitted document: /episodes/0/severity' },
          title: { type: 'string', description: "The question's title in the form's language, when known" },
          message: { type: 'string', description: 'Readable message in the language of the request' },
        },
      },
    },
  },
} as const;
export type ApiError = FromSchema<typeof errorSchema>;

/** Query `l` is accepted on every call (spec 000 §7); routes list it so strict query schemas let it through. */
export const localeQueryProperties = { l: languageSchema } as const;

export const pageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    // page × pageSize stays far below PostgreSQL's bigint offset limit.
    page: { ...positiveIntegerSchema, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 999, default: 15 },
  },
} as const;

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: uuidSchema },
} as const;
export type IdParams = FromSchema<typeof idParamsSchema>;

/** Query string of calls that only accept the language. */
export const localeOnlyQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: localeQueryProperties,
} as const;

export function pageOf<T extends object>(item: T) {
  return {
    type: 'object',
    required: ['data', 'totalItems', 'page', 'pageSize'],
    additionalProperties: false,
    properties: {
      data: { type: 'array', items: item },
      totalItems: countSchema,
      page: positiveIntegerSchema,
      pageSize: positiveIntegerSchema,
    },
  } as const;
}

export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
} as const;
