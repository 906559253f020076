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
/** What `format: 'uuid'` accepts, for ids read from text (a search box, an address, an answer). */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
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
          code: { type: 'string', description: 'Stable code of this field\'s error, when known (the patient form)' },
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

/** Page sizes offered by every list (spec 001 §9): options 3 to 50, default 15. */
export const PAGE_SIZES = [3, 5, 7, 10, 15, 20, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 15;
export type PageSize = (typeof PAGE_SIZES)[number];

/** A sort of a list: a declared field name, `-name` for descending. */
export type SortOf<F extends string> = F | `-${F}`;

/** Every sort value of a list's fields, ascending then descending: the `enum` of its `sort` property. */
export function sortValues<const F extends readonly string[]>(fields: F): readonly SortOf<F[number]>[] {
  return [...fields, ...fields.map((f) => `-${f}`)] as SortOf<F[number]>[];
}

/**
 * The paging and sorting properties of a list's query or search body, so the client offers
 * the same page sizes and sorts the server accepts. `page` stays ≤ INT32_MAX and `pageSize` is
 * one of a few small numbers, so the offset (page - 1) × pageSize never nears bigint's limit.
 * A list may declare extra sizes (the structures picker loads 999 at once, spec 001 §7).
 */
export function listProperties<
  const F extends readonly string[],
  const D extends SortOf<F[number]>,
  const P extends readonly number[] = typeof PAGE_SIZES,
>(options: { sorts: F; defaultSort: D; pageSizes?: P }) {
  return {
    page: { ...positiveIntegerSchema, default: 1 },
    pageSize: { type: 'integer', enum: (options.pageSizes ?? PAGE_SIZES) as P, default: DEFAULT_PAGE_SIZE },
    sort: { type: 'string', enum: sortValues(options.sorts), default: options.defaultSort },
  } as const;
}

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
      // Present (true) when the list stopped counting: there are more than totalItems rows. A list
      // that can grow past what an exact count answers in time says "more than", as large lists do.
      totalCapped: { type: 'boolean', const: true },
      page: positiveIntegerSchema,
      pageSize: positiveIntegerSchema,
    },
  } as const;
}

/** A page of a list as pageOf describes it, for code that builds or reads one of any row type. */
export type Page<T> = Omit<FromSchema<ReturnType<typeof pageOf<{ type: 'object' }>>>, 'data'> & { data: T[] };

export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
} as const;
