/**
 * A questionnaire (form) definition (docs/integrators.md, "Questionnaires"). Integrators write it as JSON under
 * layouts/<scope>/forms/<reference>.json with `$schema: /ui/schemas/form`. The questions are a
 * JSON Schema for the answers (validated with ajv on the server, rendered with rjsf on the
 * client); texts are written in French in the schema, and `translations` gives the English and
 * Arabic ones by JSON Pointer into `schema` or `uiSchema`.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { LANGUAGES } from './common.ts';
import { localizedTextSchema } from './localized-text.ts';

export const FILE_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
/**
 * What an upload may hold (server/care/files/repository.ts): the questionnaire types, and the
 * videos of a service's therapeutic content (issue 20 §2; each owner checks the types it takes,
 * schemas/education.ts). Still within the 20 MB limit: a longer film is a YouTube item.
 */
export const UPLOAD_TYPES = [...FILE_TYPES, 'video/mp4', 'video/webm'] as const;
export const EXPRESSION_OPERATORS = ['+', '-', '*', '/', '^', 'min', 'max', 'round', 'sum', 'count'] as const;

/** When a PLANNED form's occurrences open, how long they stay open, and how late they may still be answered (also a file's overload). */
export const planningSchema = {
  type: 'object',
  required: ['everyDays', 'occurrences', 'windowHours', 'graceHours'],
  additionalProperties: false,
  properties: {
    everyDays: { type: 'integer', minimum: 1, maximum: 365 },
    occurrences: { type: 'integer', minimum: 1, maximum: 366 },
    windowHours: { type: 'integer', minimum: 1, maximum: 24 * 31 },
    graceHours: { type: 'integer', minimum: 0, maximum: 24 * 31 },
    /** Local time (HH:MM, the establishment's time zone) occurrences open at; absent: the hour the planning starts. */
    time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
  },
} as const;

const fieldName = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' } as const;

/**
 * A computed value's formula, as a tree: `{ "field": "weight" }`, `{ "value": 100 }` or
 * `{ "op": "/", "args": [...] }`. Booleans count as 1 and 0; an unanswered field makes the
 * result empty.
 */
export const expressionSchema = {
  $id: 'form-expression',
  oneOf: [
    { type: 'object', required: ['field'], additionalProperties: false, properties: { field: fieldName } },
    { type: 'object', required: ['value'], additionalProperties: false, properties: { value: { type: 'number' } } },
    {
      type: 'object',
      required: ['op', 'args'],
      additionalProperties: false,
      properties: {
        op: { type: 'string', enum: EXPRESSION_OPERATORS },
        args: { type: 'array', minItems: 1, maxItems: 50, items: { $ref: 'form-expression' } },
      },
    },
  ],
} as const;

/** json-schema-to-ts cannot derive recursive types: this mirrors expressionSchema (tests/unit/form-schema.test-d.ts). */
export type Expression =
  | { field: string }
  | { value: number }
  | { op: (typeof EXPRESSION_OPERATORS)[number]; args: Expression[] };

/** Keys: a JSON Pointer into `schema` (`/properties/weight/title`) or, prefixed with `ui:`, into `uiSchema` (`ui:/weight/ui:help`). */
const textsByPointer = { type: 'object', additionalProperties: { type: 'string', maxLength: 5000 }, propertyNames: { pattern: '^(ui:)?/' } } as const;

const formDefinitionBase = {
  title: 'Telesuivi questionnaire',
  type: 'object',
  required: ['id', 'reference', 'name', 'submissionType', 'languages', 'schema'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,99}$' },
    /** Unique within an establishment, with the name. */
    reference: { type: 'string', minLength: 1, maxLength: 100 },
    name: localizedTextSchema,
    description: localizedTextSchema,
    submissionType: { type: 'string', enum: ['FREE', 'PLANNED'] },
    languages: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: LANGUAGES } },
    /** The questions: a JSON Schema (draft-07) of an object whose properties are the answers. */
    schema: {
      type: 'object',
      required: ['type', 'properties'],
      properties: { type: { const: 'object' }, properties: { type: 'object' } },
    },
    uiSchema: { type: 'object' },
    /** Texts in the other languages, by JSON Pointer into the schema (`/properties/weight/title`) or the UI schema (`ui:/weight/ui:help`). */
    translations: {
      type: 'object',
      additionalProperties: false,
      properties: { fr: textsByPointer, en: textsByPointer, ar: textsByPointer },
    },
    /** File questions: answer properties holding the id of an uploaded file. */
    files: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        required: ['field', 'accept'],
        additionalProperties: false,
        properties: {
          field: fieldName,
          accept: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: FILE_TYPES } },
          maxSizeMb: { type: 'number', exclusiveMinimum: 0, maximum: 20, default: 10 },
        },
      },
    },
    /** PLANNED forms: when occurrences open, how long they stay open, and how late they may still be answered. */
    planning: planningSchema,
    /**
     * Answers that feed indicators (issue 11 §2): each a numeric question (`answer`) or computed
     * value (`computed`) recorded as a measure of the establishment's indicator `indicator` (its
     * reference) when the response is sent; `unit`: the answer's UCUM unit, default the indicator's.
     */
    indicators: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['indicator', 'from'],
        additionalProperties: false,
        properties: {
          indicator: { type: 'string', minLength: 1, maxLength: 100 },
          from: {
            oneOf: [
              { type: 'object', required: ['answer'], additionalProperties: false, properties: { answer: fieldName } },
              { type: 'object', required: ['computed'], additionalProperties: false, properties: { computed: fieldName } },
            ],
          },
          unit: { type: 'string', minLength: 1, maxLength: 50 },
        },
      },
    },
  },
  if: { properties: { submissionType: { const: 'PLANNED' } } },
  then: { required: ['planning'] },
} as const;

const computedSchema = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    required: ['name', 'title', 'expression'],
    additionalProperties: false,
    properties: {
      name: fieldName,
      title: localizedTextSchema,
      unit: { type: 'string', maxLength: 20 },
      decimals: { type: 'integer', minimum: 0, maximum: 6, default: 1 },
      expression: { $ref: 'form-expression' },
    },
  },
} as const;

/** The contract published at /ui/schemas/form (with form-expression alongside). */
export const formDefinitionSchema = {
  $id: 'form',
  ...formDefinitionBase,
  properties: { ...formDefinitionBase.properties, computed: computedSchema },
} as const;

export type FormDefinition = FromSchema<typeof formDefinitionBase> & {
  computed?: { name: string; title: FromSchema<typeof localizedTextSchema>; unit?: string; decimals?: number; expression: Expression }[];
};
